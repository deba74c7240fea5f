// DELETE /api/bug/deletebug/{id} (with the token: only the author may): the bug leaves the lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bug, BugList } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugQueryKey } from './get-bug';
import { bugsQueryKey } from './get-bugs';

export function deleteBug(bugId: string): Promise<Bug> {
  return api<Bug>(`/api/bug/deletebug/${encodeURIComponent(bugId)}`, { method: 'DELETE', auth: true });
}

export function useDeleteBug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBug,
    onSuccess: (_deleted, bugId) => {
      queryClient.setQueryData<BugList>(bugsQueryKey, (lists) =>
        lists
          ? {
              userBugs: lists.userBugs.filter((b) => b._id !== bugId),
              otherBugs: lists.otherBugs.filter((b) => b._id !== bugId),
            }
          : lists,
      );
      queryClient.removeQueries({ queryKey: bugQueryKey(bugId) });
    },
  });
}

// DELETE /api/bug/deletebug/{id} (the author, or an admin): the bug leaves every list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bug } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugQueryKey } from './get-bug';
import { bugsKey } from './keys';

export function deleteBug(bugId: string): Promise<Bug> {
  return api<Bug>(`/api/bug/deletebug/${encodeURIComponent(bugId)}`, { method: 'DELETE', auth: true });
}

export function useDeleteBug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBug,
    onSuccess: async (_deleted, bugId) => {
      queryClient.removeQueries({ queryKey: bugQueryKey(bugId) });
      await queryClient.invalidateQueries({ queryKey: bugsKey });
    },
  });
}

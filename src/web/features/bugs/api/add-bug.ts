// POST /api/bug/addbug {title, description}: the new bug goes to the top of the reader's list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bug, BugList } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsQueryKey } from './get-bugs';

export function addBug(input: { title: string; description: string }): Promise<Bug> {
  return api<Bug>('/api/bug/addbug', { method: 'POST', body: input, auth: true });
}

export function useAddBug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBug,
    onSuccess: (created) =>
      queryClient.setQueryData<BugList>(bugsQueryKey, (lists) =>
        lists ? { ...lists, userBugs: [created, ...lists.userBugs.filter((b) => b._id !== created._id)] } : lists,
      ),
  });
}

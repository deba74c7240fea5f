// PATCH /api/bug/{id} {title?, description?, tags?} (the author, or an admin): the bug is shown as answered.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bug } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugQueryKey } from './get-bug';
import { bugsKey } from './keys';

export interface EditBugInput {
  title?: string;
  description?: string;
  tags?: string[];
}

export function editBug(bugId: string, input: EditBugInput): Promise<Bug> {
  return api<Bug>(`/api/bug/${encodeURIComponent(bugId)}`, { method: 'PATCH', body: input, auth: true });
}

export function useEditBug(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditBugInput) => editBug(bugId, input),
    onSuccess: async (edited) => {
      queryClient.setQueryData<Bug[]>(bugQueryKey(bugId), [edited]);
      await queryClient.invalidateQueries({ queryKey: bugsKey, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

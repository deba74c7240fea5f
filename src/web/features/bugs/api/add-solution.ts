// POST /api/bug/addcomment {bug, content}: the new solution goes to the top, then the list is refetched (SPEC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { solutionsQueryKey } from './get-solutions';

export function addSolution(bugId: string, content: string): Promise<Comment> {
  return api<Comment>('/api/bug/addcomment', { method: 'POST', body: { bug: bugId, content }, auth: true });
}

export function useAddSolution(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addSolution(bugId, content),
    onSuccess: async (created) => {
      queryClient.setQueryData<Comment[]>(solutionsQueryKey(bugId), (list = []) => [
        created,
        ...list.filter((s) => s._id !== created._id),
      ]);
      await queryClient.invalidateQueries({ queryKey: solutionsQueryKey(bugId) });
    },
  });
}

// DELETE /api/bug/deletecomment/{id} (with the token: only the author may): the solution leaves the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { solutionsQueryKey } from './get-solutions';

export function deleteSolution(solutionId: string): Promise<Comment> {
  return api<Comment>(`/api/bug/deletecomment/${encodeURIComponent(solutionId)}`, { method: 'DELETE', auth: true });
}

export function useDeleteSolution(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSolution,
    onSuccess: (_deleted, solutionId) =>
      queryClient.setQueryData<Comment[]>(solutionsQueryKey(bugId), (list = []) =>
        list.filter((s) => s._id !== solutionId),
      ),
  });
}

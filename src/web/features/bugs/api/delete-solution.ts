// DELETE /api/bug/deletecomment/{id} (the author, or an admin): the solutions and the bug's counts are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export function deleteSolution(solutionId: string): Promise<Comment> {
  return api<Comment>(`/api/bug/deletecomment/${encodeURIComponent(solutionId)}`, { method: 'DELETE', auth: true });
}

export function useDeleteSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSolution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bugsKey }),
  });
}

// PATCH /api/bug/comment/{id} {content} (the author, or an admin).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Solution } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { solutionsQueryKey } from './get-solutions';

export function editSolution(solutionId: string, content: string): Promise<Solution> {
  return api<Solution>(`/api/bug/comment/${encodeURIComponent(solutionId)}`, {
    method: 'PATCH',
    body: { content },
    auth: true,
  });
}

export function useEditSolution(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => editSolution(id, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: solutionsQueryKey(bugId) }),
  });
}

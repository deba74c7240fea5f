// POST /api/bug/addcomment {bug, content}: the solutions and the bug's counts are refetched afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Solution } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export function addSolution(bugId: string, content: string): Promise<Solution> {
  return api<Solution>('/api/bug/addcomment', { method: 'POST', body: { bug: bugId, content }, auth: true });
}

export function useAddSolution(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addSolution(bugId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bugsKey }),
  });
}

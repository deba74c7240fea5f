// PUT /api/bug/{id}/accepted {solution: id | null} (the bug's author): accept, change or withdraw.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bug } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugQueryKey } from './get-bug';
import { bugsKey } from './keys';

export function acceptSolution(bugId: string, solution: string | null): Promise<Bug> {
  return api<Bug>(`/api/bug/${encodeURIComponent(bugId)}/accepted`, { method: 'PUT', body: { solution }, auth: true });
}

export function useAcceptSolution(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (solution: string | null) => acceptSolution(bugId, solution),
    onSuccess: async (bug) => {
      queryClient.setQueryData<Bug[]>(bugQueryKey(bugId), [bug]);
      await queryClient.invalidateQueries({ queryKey: bugsKey, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

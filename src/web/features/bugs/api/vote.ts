// PUT /api/bug/comment/{id}/vote {value: 1 | -1 | 0} → {score, myVote}: the solution shows the answer at once.
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SolutionPage, VoteResult, VoteValue } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { solutionsQueryKey } from './get-solutions';

export function vote(solutionId: string, value: VoteValue): Promise<VoteResult> {
  return api<VoteResult>(`/api/bug/comment/${encodeURIComponent(solutionId)}/vote`, {
    method: 'PUT',
    body: { value },
    auth: true,
  });
}

export function useVote(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: VoteValue }) => vote(id, value),
    // The order stays as it is until the next load: solutions do not jump under the reader's pointer.
    onSuccess: (result, { id }) =>
      queryClient.setQueryData<InfiniteData<SolutionPage>>(solutionsQueryKey(bugId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                solutions: page.solutions.map((s) => (s._id === id ? { ...s, ...result } : s)),
              })),
            }
          : data,
      ),
  });
}

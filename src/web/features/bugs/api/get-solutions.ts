// GET /api/bug/{id}/solutions?cursor=: a page of a bug's solutions, accepted first, then by score, then newest.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SolutionPage } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export const solutionsQueryKey = (bugId: string) => [...bugsKey, 'solutions', bugId] as const;

export function getSolutionPage(bugId: string, cursor: string | null, signal?: AbortSignal): Promise<SolutionPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api<SolutionPage>(`/api/bug/${encodeURIComponent(bugId)}/solutions${query}`, { auth: true, signal });
}

export const solutionsQueryOptions = (bugId: string) =>
  infiniteQueryOptions({
    queryKey: solutionsQueryKey(bugId),
    queryFn: ({ pageParam, signal }) => getSolutionPage(bugId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useSolutions(bugId: string) {
  return useInfiniteQuery(solutionsQueryOptions(bugId));
}

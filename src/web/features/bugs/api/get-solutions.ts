// POST /api/bug/getcomment {bug}: a bug's solutions, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export const solutionsQueryKey = (bugId: string) => ['bug-solutions', bugId] as const;

export function getSolutions(bugId: string, signal?: AbortSignal): Promise<Comment[]> {
  return api<Comment[]>('/api/bug/getcomment', { method: 'POST', body: { bug: bugId }, signal });
}

export const solutionsQueryOptions = (bugId: string) =>
  queryOptions({ queryKey: solutionsQueryKey(bugId), queryFn: ({ signal }) => getSolutions(bugId, signal) });

export function useSolutions(bugId: string) {
  return useQuery(solutionsQueryOptions(bugId));
}

// GET /api/bug/getbug (with the token): the reader's bugs and everyone else's, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BugList } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export const bugsQueryKey = ['bugs'] as const;

export function getBugs(signal?: AbortSignal): Promise<BugList> {
  return api<BugList>('/api/bug/getbug', { auth: true, signal });
}

export const bugsQueryOptions = () =>
  queryOptions({ queryKey: bugsQueryKey, queryFn: ({ signal }) => getBugs(signal) });

export function useBugs() {
  return useQuery(bugsQueryOptions());
}

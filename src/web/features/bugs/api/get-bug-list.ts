// GET /api/bug/list?cursor=&tag=&q=&unsolved=&mine= (with the token): a page of bugs and the cursor of the next.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BugPage } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export interface BugListFilter {
  mine: boolean;
  tag?: string;
  q?: string;
  unsolved?: boolean;
}

export function getBugList(filter: BugListFilter, cursor: string | null, signal?: AbortSignal): Promise<BugPage> {
  const params = new URLSearchParams({ mine: String(filter.mine) });
  if (filter.tag) params.set('tag', filter.tag);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.unsolved) params.set('unsolved', 'true');
  if (cursor) params.set('cursor', cursor);
  return api<BugPage>(`/api/bug/list?${params.toString()}`, { auth: true, signal });
}

export const bugListQueryOptions = (filter: BugListFilter) =>
  infiniteQueryOptions({
    queryKey: [...bugsKey, 'list', filter] as const,
    queryFn: ({ pageParam, signal }) => getBugList(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useBugList(filter: BugListFilter) {
  return useInfiniteQuery(bugListQueryOptions(filter));
}

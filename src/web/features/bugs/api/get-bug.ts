// GET /api/bug/getBugDetail/{id}: `[bug]`, the first item is the bug shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bug } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export const bugQueryKey = (bugId: string) => [...bugsKey, 'detail', bugId] as const;

export function getBug(bugId: string, signal?: AbortSignal): Promise<Bug[]> {
  return api<Bug[]>(`/api/bug/getBugDetail/${encodeURIComponent(bugId)}`, { auth: true, signal });
}

export const bugQueryOptions = (bugId: string) =>
  queryOptions({ queryKey: bugQueryKey(bugId), queryFn: ({ signal }) => getBug(bugId, signal) });

export function useBug(bugId: string) {
  return useQuery(bugQueryOptions(bugId));
}

// GET /api/studio/audit (admins): the audit trail, newest first; `before` (the last entry's `at`) pages back.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/studio';
import { api } from '../../../lib/api';

export const auditQueryKey = ['studio', 'audit'] as const;

export function getAudit(before: string | undefined, signal?: AbortSignal): Promise<AuditEntry[]> {
  const query = before === undefined ? '' : `?before=${encodeURIComponent(before)}`;
  return api<AuditEntry[]>(`/api/studio/audit${query}`, { auth: true, signal });
}

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: auditQueryKey,
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // An empty page is the end; any other page may have older entries behind it (the page size is the server's).
    getNextPageParam: (last) => (last.length === 0 ? undefined : last[last.length - 1].at),
    staleTime: 0,
  });

export function useAudit() {
  return useInfiniteQuery(auditQueryOptions());
}

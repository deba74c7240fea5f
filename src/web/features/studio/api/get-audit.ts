// GET /api/studio/audit (admins): the audit trail, newest first; `before` (the last entry's `at`) pages back, and the
// filters narrow it to one person (`actor`), one kind of item (`entity`) and a span of days (`from`, `to`).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '../../../../shared/studio';
import { api } from '../../../lib/api';

/** The filters as the page's address holds them: days are the admin's own calendar days (`YYYY-MM-DD`). */
export interface AuditFilters {
  actor?: string;
  entity?: AuditEntity;
  from?: string;
  to?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`));

/** The filters of an address's query; a value that is not one (a hand-edited address) is left out. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const actor = params.get('actor');
  if (actor && UUID.test(actor)) filters.actor = actor;
  const entity = params.get('entity');
  if (entity && (AUDIT_ENTITIES as readonly string[]).includes(entity)) filters.entity = entity as AuditEntity;
  for (const bound of ['from', 'to'] as const) {
    const value = params.get(bound);
    if (value && isDay(value)) filters[bound] = value;
  }
  return filters;
}

/** The address's query for these filters ('' for none). */
export function auditSearch(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const key of ['actor', 'entity', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key]);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The API's query: the admin's days become the instants that start and end them in their own time zone. */
export function auditApiQuery(filters: AuditFilters, before: string | undefined): string {
  const params = new URLSearchParams();
  if (before !== undefined) params.set('before', before);
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.entity) params.set('entity', filters.entity);
  if (filters.from) params.set('from', new Date(`${filters.from}T00:00:00.000`).toISOString());
  if (filters.to) params.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const auditQueryKey = ['studio', 'audit'] as const;

export function getAudit(
  before: string | undefined,
  signal?: AbortSignal,
  filters: AuditFilters = {},
): Promise<AuditEntry[]> {
  return api<AuditEntry[]>(`/api/studio/audit${auditApiQuery(filters, before)}`, { auth: true, signal });
}

export const auditQueryOptions = (filters: AuditFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...auditQueryKey, filters],
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal, filters),
    initialPageParam: undefined as string | undefined,
    // An empty page is the end; any other page may have older entries behind it (the page size is the server's).
    getNextPageParam: (last) => (last.length === 0 ? undefined : last[last.length - 1].at),
    staleTime: 0,
  });

export function useAudit(filters: AuditFilters = {}) {
  return useInfiniteQuery(auditQueryOptions(filters));
}

// GET /api/auth/verify/{token}: 200 means valid. A verification token is consumed by this call, so the query
// runs once per token and is never refetched (SINGLE_USE_QUERY).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthResult } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { SINGLE_USE_QUERY } from './single-use';

export function checkToken(token: string, signal?: AbortSignal): Promise<AuthResult> {
  return api<AuthResult>(`/api/auth/verify/${encodeURIComponent(token)}`, { signal });
}

export const checkTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth-token-check', token],
    // Not aborted on unmount: a consumed verification must still be remembered if the page re-mounts.
    queryFn: () => checkToken(token),
    ...SINGLE_USE_QUERY,
  });

export function useCheckToken(token: string) {
  return useQuery(checkTokenQueryOptions(token));
}

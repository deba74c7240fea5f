// GET /api/auth/verify/{token}: 200 means valid. A verification token is consumed by this call, so the query
// runs once per token and is never refetched (a second call would answer 404).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthResult } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function checkToken(token: string, signal?: AbortSignal): Promise<AuthResult> {
  return api<AuthResult>(`/api/auth/verify/${encodeURIComponent(token)}`, { signal });
}

export const checkTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth-token-check', token],
    // Not aborted on unmount: a consumed verification must still be remembered if the page re-mounts.
    queryFn: () => checkToken(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCheckToken(token: string) {
  return useQuery(checkTokenQueryOptions(token));
}

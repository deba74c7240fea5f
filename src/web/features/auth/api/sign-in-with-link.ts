// POST /api/auth/signInWithLink: the one-time link mailed when an account's failed logins reached their limit
// It consumes the token, so the query runs once per token and is never refetched.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthResult } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { SINGLE_USE_QUERY } from './single-use';

export function signInWithLink(token: string): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/signInWithLink', { method: 'POST', body: { token } });
}

export function useSignInWithLink(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['auth-sign-in-link', token],
      queryFn: () => signInWithLink(token),
      ...SINGLE_USE_QUERY,
    }),
  );
}

// GET /api/auth/me: who the stored token belongs to, with the role. Asked only when a token is stored;
// the navbar's Studio link and the Studio's gate read it. Keyed by the token, so signing in as someone else never
// shows the previous account's role.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/studio';
import { api } from './api';
import { useSession } from './session';

export const meQueryKey = (token: string | null) => ['me', token] as const;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api<Me>('/api/auth/me', { auth: true, signal });
}

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: meQueryKey(token),
    queryFn: ({ signal }) => getMe(signal),
    enabled: token !== null,
    // Roles change while people are signed in; a minute-old answer is fine for a link, and the server checks anyway.
    staleTime: 30_000,
  });

/** True for a signed-in admin: they see a delete control on every comment, bug and solution (moderation). */
export function useIsAdmin(): boolean {
  return useMe().data?.role === 'admin';
}

/** Every delete asks first: nothing can be undone. A moderator is reminded whose post it is. */
export const confirmDelete = (what: string, moderation = false) =>
  window.confirm(
    moderation
      ? `Delete ${what}? You are removing another user's post as a moderator; this cannot be undone.`
      : `Delete ${what}? This cannot be undone.`,
  );

/** The signed-in user (`data`), or no data while signed out (the query is disabled then). */
export function useMe() {
  const { token } = useSession();
  return useQuery(meQueryOptions(token));
}

// The account calls the web app makes: the person's own account (/settings) and a public profile (/u/{id}).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountMessage,
  ChangeMyEmailBody,
  ChangeMyPasswordBody,
  DeleteMyAccountBody,
  MyAccount,
  MySessions,
  PublicProfile,
  RevokedSessions,
  UpdateMyAccountBody,
} from '../../../shared/account';
import { api, ApiError, errorFromResponse, isApiError } from '../../lib/api';
import { getToken } from '../../lib/session';

const meKey = ['account', 'me'] as const;
const sessionsKey = ['account', 'sessions'] as const;

export function useMyAccount(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: meKey,
    queryFn: ({ signal }) => api<MyAccount>('/api/me', { auth: true, signal }),
  });
}

export function useUpdateMyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMyAccountBody) => api<MyAccount>('/api/me', { method: 'PATCH', body, auth: true }),
    onSuccess: async (me) => {
      queryClient.setQueryData(meKey, me);
      // The navbar's and the Studio's idea of the person (GET /api/auth/me) holds the name too.
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangeMyPasswordBody) =>
      api<AccountMessage>('/api/me/password', { method: 'POST', body, auth: true }),
  });

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeMyEmailBody) => api<AccountMessage>('/api/me/email', { method: 'POST', body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}

export function useMySessions(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api<MySessions>('/api/me/sessions', { auth: true, signal }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<unknown>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<RevokedSessions>('/api/me/sessions/revoke-others', { method: 'POST', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteMyAccountBody) => api<unknown>('/api/me/delete', { method: 'POST', body, auth: true }),
  });

/** GET /api/me/export: the file, fetched with the auth-token header (a plain link cannot send it), as a Blob and its
 *  name from Content-Disposition. */
export async function downloadMyData(): Promise<{ blob: Blob; name: string }> {
  const token = getToken();
  const response = await fetch('/api/me/export', { headers: token ? { 'auth-token': token } : {} }).catch(() => {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  });
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'account.json';
  return { blob: await response.blob(), name };
}

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['profile', id],
    queryFn: ({ signal }) => api<PublicProfile>(`/api/users/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });

export const useProfile = (id: string) => useQuery(profileQueryOptions(id));

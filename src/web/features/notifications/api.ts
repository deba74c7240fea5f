// The notification calls the web app makes: the unread count, the list (a page at a time), reading, the mail
// preferences and watching a bug. Every read sits under ['notifications'], so a live event or a read call refreshes
// them all with one invalidation.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationApi,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type StreamTicket,
  type UnreadCount,
  type WatchState,
} from '../../../shared/notifications';
import { api } from '../../lib/api';

export const notificationsKey = ['notifications'] as const;
const unreadKey = [...notificationsKey, 'unread'] as const;
const preferencesKey = [...notificationsKey, 'preferences'] as const;
const watchKey = (bugId: string) => [...notificationsKey, 'watch', bugId] as const;

export function useUnread() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => api<UnreadCount>(notificationApi.unread, { auth: true, signal }),
  });
}

/** The latest notifications, `limit` at a time, newest first; `fetchNextPage` loads the next page. */
export function useNotificationList(limit: number) {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list', limit],
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      return api<NotificationPage>(`${notificationApi.list}?limit=${limit}${cursor}`, { auth: true, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** After a read call: its answer is the new unread count, and the lists show the items read. */
function useReadCall<T>(call: (arg: T) => Promise<UnreadCount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      queryClient.setQueryData(unreadKey, answer);
      await queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
    },
  });
}

export const useMarkRead = () =>
  useReadCall((id: string) => api<UnreadCount>(notificationApi.read(id), { method: 'POST', auth: true }));

export const useMarkAllRead = () =>
  useReadCall(() => api<UnreadCount>(notificationApi.readAll, { method: 'POST', auth: true }));

export function usePreferences(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api<NotificationPreferences>(notificationApi.preferences, { auth: true, signal }),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesPatch) =>
      api<NotificationPreferences>(notificationApi.preferences, { method: 'PUT', body, auth: true }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}

export function useWatching(bugId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: watchKey(bugId),
    queryFn: ({ signal }) => api<WatchState>(notificationApi.watch(bugId), { auth: true, signal }),
  });
}

export function useSetWatching(bugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) =>
      api<WatchState>(notificationApi.watch(bugId), { method: watching ? 'PUT' : 'DELETE', auth: true }),
    onSuccess: (state) => queryClient.setQueryData(watchKey(bugId), state),
  });
}

/** A short-lived, single-use ticket to open the stream with (EventSource cannot send the auth-token header). */
export const streamTicket = () => api<StreamTicket>(notificationApi.streamTicket, { method: 'POST', auth: true });

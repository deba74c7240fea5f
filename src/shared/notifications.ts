// Notifications: what the site tells a person, in the page (the bell, /notifications, live by a stream) and by email
// (immediately or in a digest). The types, their defaults, the texts each shows, the calls' bodies and answers
// (zod), written once for the server and the web app.
import { z } from 'zod';

/** Every type of notification, in the order the settings page lists them. */
export const NOTIFICATION_TYPES = [
  'bug.answered',
  'solution.accepted',
  'solution.voted',
  'lesson.commented',
  'course.new-lesson',
  'blog.new-post',
  'certificate.issued',
] as const;
export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationType>;

/** How a type is mailed. `off` stops the mail only, except for `blog.new-post`, which is made at all (in the page
 *  and by mail) only for those who chose `immediate` or `digest`. */
export const EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export const emailMode = z.enum(EMAIL_MODES);
export type EmailMode = z.infer<typeof emailMode>;

export const DIGEST_PERIODS = ['daily', 'weekly'] as const;
export const digestPeriod = z.enum(DIGEST_PERIODS);
export type DigestPeriod = z.infer<typeof digestPeriod>;

/** The types a person gets in the page only after turning them on (`off` means none at all, not just no mail). */
export const OPT_IN_TYPES: readonly NotificationType[] = ['blog.new-post'];

/** Defaults: immediate for answers and accepted solutions, digest for the rest, off for blog posts. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  digest: 'daily',
  types: {
    'bug.answered': 'immediate',
    'solution.accepted': 'immediate',
    'solution.voted': 'digest',
    'lesson.commented': 'digest',
    'course.new-lesson': 'digest',
    'blog.new-post': 'off',
    'certificate.issued': 'digest',
  },
};

/** The settings page's label of each type. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'bug.answered': 'Answers to bugs you asked or watch',
  'solution.accepted': 'Your solution was accepted',
  'solution.voted': 'Votes on your solutions',
  'lesson.commented': 'Comments on lessons where you commented',
  'course.new-lesson': 'New lessons in courses you started',
  'blog.new-post': 'New blog posts',
  'certificate.issued': 'Your certificates',
};

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  off: 'Off',
  immediate: 'Immediately',
  digest: 'In the digest',
};

export const DIGEST_PERIOD_LABELS: Record<DigestPeriod, string> = { daily: 'Daily', weekly: 'Weekly' };

export const NOTIFICATIONS = {
  /** `limit` of GET /api/notifications: 1–100, 20 when not given. */
  pageMin: 1,
  pageMax: 100,
  pageDefault: 20,
  /** The bell's list shows the latest few. */
  bellItems: 8,
  /** A stream sends a comment line at least this often (well under 30 s, so proxies keep it open). */
  heartbeatMs: 15_000,
  /** Open streams per person; one more closes the oldest. Tabs share one connection, so this is ample. */
  streamsPerUserMax: 10,
  /** At most this many missed notifications are replayed on a reconnect (newest kept); more is a full reload. */
  replayMax: 100,
  /** A stream ticket is good for one stream opened within this time. */
  ticketTtlMs: 60_000,
  /** A subject's title is cut to this many characters in a notification. */
  titleMax: 200,
} as const;

/** The calls' addresses. `stream` takes the `auth-token` header, or `?ticket=` (from `streamTicket`, good for one
 *  stream within a minute) since EventSource cannot send headers; it sends `Last-Event-ID` itself on a reconnect. */
export const notificationApi = {
  list: '/api/notifications',
  unread: '/api/notifications/unread',
  read: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
  readAll: '/api/notifications/read-all',
  preferences: '/api/notifications/preferences',
  stream: '/api/notifications/stream',
  streamTicket: '/api/notifications/stream-ticket',
  watch: (bug: string) => `/api/bug/${encodeURIComponent(bug)}/watch`,
  unsubscribe: (token: string) => `/api/email/unsubscribe/${encodeURIComponent(token)}`,
} as const;

/** The page addresses. */
export const notificationPages = { list: '/notifications', settings: '/settings/notifications' } as const;

/** The server-sent event name of a new (or regrouped) notification. */
export const STREAM_EVENT = 'notification';

export const notificationActor = z.object({ _id: z.string(), name: z.string() });

/** What a notification points at, and the exact place it links to (relative address). */
export const SUBJECT_TYPES = ['bug', 'solution', 'comment', 'lesson', 'blog', 'certificate'] as const;
export const notificationSubject = z.object({
  type: z.enum(SUBJECT_TYPES),
  _id: z.string(),
  /** The bug's, lesson's, post's or course's title, as it was when notified. */
  title: z.string(),
  url: z.string(),
});
export type NotificationSubject = z.infer<typeof notificationSubject>;

/** One notification, as the list, the stream and the mail know it. `count` is 1 except for grouped votes (how many
 *  people voted since it was last read); `actor` is null when several people acted or the account is gone. */
export const notificationItem = z.object({
  _id: z.string(),
  type: notificationType,
  read: z.boolean(),
  createdAt: z.string(),
  count: z.number().int(),
  actor: notificationActor.nullable(),
  subject: notificationSubject,
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications?cursor=&limit= : newest first; `nextCursor` is null on the last page. */
export const notificationPage = z.object({
  items: z.array(notificationItem),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationListQuery = z.object({
  cursor: z.string().max(500, 'cursor is not one this server issued').optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(NOTIFICATIONS.pageMin, `limit must be ${NOTIFICATIONS.pageMin}–${NOTIFICATIONS.pageMax}`)
    .max(NOTIFICATIONS.pageMax, `limit must be ${NOTIFICATIONS.pageMin}–${NOTIFICATIONS.pageMax}`)
    .optional(),
});

/** GET /api/notifications/unread, and the answer of both read calls. */
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** POST /api/notifications/stream-ticket: a single-use ticket for `GET /api/notifications/stream?ticket=`. */
export const streamTicket = z.object({ ticket: z.string() });
export type StreamTicket = z.infer<typeof streamTicket>;

export const notificationPreferences = z.object({
  digest: digestPeriod,
  types: z.record(notificationType, emailMode),
});
export type NotificationPreferences = { digest: DigestPeriod; types: Record<NotificationType, EmailMode> };

/** PUT /api/notifications/preferences: the whole object or any part of it; unknown types or values are refused. */
export const notificationPreferencesPatch = z
  .object({
    digest: digestPeriod.optional(),
    types: z.partialRecord(notificationType, emailMode).optional(),
  })
  .strict();
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatch>;

/** GET (is the caller watching?), PUT (watch) and DELETE (stop watching) /api/bug/{id}/watch */
export const watchState = z.object({ watching: z.boolean() });
export type WatchState = z.infer<typeof watchState>;

/** Unsubscribe scopes: one type, the digest (every type mailed in the digest stops being mailed), or all mail. */
export type UnsubscribeScope = NotificationType | 'digest' | 'all';
export const unsubscribeScope = z.union([notificationType, z.literal('digest'), z.literal('all')]);

/** Where each subject links to. Solutions and comments are anchors on their bug or lesson page. */
export const notificationUrls = {
  bug: (bug: string) => `/bugs/${encodeURIComponent(bug)}`,
  solution: (bug: string, solution: string) =>
    `/bugs/${encodeURIComponent(bug)}#solution-${encodeURIComponent(solution)}`,
  comment: (course: string, lesson: string, comment: string) =>
    `/course/${encodeURIComponent(course)}/${encodeURIComponent(lesson)}#comment-${encodeURIComponent(comment)}`,
  lesson: (course: string, lesson: string) => `/course/${encodeURIComponent(course)}/${encodeURIComponent(lesson)}`,
  blog: (blog: string) => `/blog/${encodeURIComponent(blog)}`,
  certificate: (code: string) => `/certificates/${encodeURIComponent(code)}`,
} as const;

const quoted = (title: string) => `“${title}”`;

/** The text a notification shows (in the page and in the mail), e.g. '3 people voted for your solution'. */
export function notificationText(item: Pick<NotificationItem, 'type' | 'count' | 'actor' | 'subject'>): string {
  const who = item.actor?.name ?? 'Someone';
  const title = quoted(item.subject.title);
  switch (item.type) {
    case 'bug.answered':
      return `${who} answered ${title}`;
    case 'solution.accepted':
      return `${who} accepted your solution to ${title}`;
    case 'solution.voted':
      return item.count === 1
        ? `${item.actor ? item.actor.name : '1 person'} voted for your solution`
        : `${item.count} people voted for your solution`;
    case 'lesson.commented':
      return `${who} commented on ${title}`;
    case 'course.new-lesson':
      return `New lesson: ${title}`;
    case 'blog.new-post':
      return `New blog post: ${title}`;
    case 'certificate.issued':
      return `Your certificate for ${title} is ready`;
  }
}

/** The bell's text label, e.g. '3 unread notifications'. */
export function unreadLabel(unread: number): string {
  if (unread === 0) return 'No unread notifications';
  return unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
}

export const NOTIFICATION_TEXT = {
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet',
  watch: 'Watch',
  stopWatching: 'Stop watching',
  settingsSaved: 'Notification settings saved',
  /** The unsubscribe page (GET shows it; its button posts). */
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: 'You are unsubscribed.',
  unsubscribeBad: 'This unsubscribe link is not valid.',
  mailUnsubscribe: 'Unsubscribe',
  mailSettings: 'Notification settings',
} as const;

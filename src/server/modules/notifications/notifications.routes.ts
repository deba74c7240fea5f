// The notification calls: the list, the unread count, reading, preferences, watching bugs, the live stream (with a
// single-use ticket for EventSource, which cannot send headers), and the one-click unsubscribe of notification mail
// (no login: the signed token is the permission; GET only shows a button, POST applies).
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/contract';
import {
  NOTIFICATION_TEXT,
  notificationListQuery,
  notificationPage,
  notificationPreferences,
  notificationPreferencesPatch,
  streamTicket,
  unreadCount as unreadAnswer,
  watchState,
} from '../../../shared/notifications';
import { badRequest, unauthorized } from '../../lib/errors';
import { perUserRateLimit, WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { findUserByToken, signedInUser } from '../../plugins/current-user';
import {
  getPreferences,
  isWatching,
  itemsAfter,
  listNotifications,
  newStreamTicket,
  putPreferences,
  readAll,
  readOne,
  setWatching,
  unreadCount,
  useStreamTicket,
} from './notifications.service';
import { SseStream } from './stream-hub';
import { applyUnsubscribe, readUnsubscribeToken } from './unsubscribe';

/** Stream tickets per person per minute: one per full page load (each opens the stream anew) and per reconnect, so
 *  a reader moving quickly through pages is not refused; the open streams themselves are bounded per person. */
export const STREAM_TICKETS_PER_MINUTE = 120;

const idParams = z.object({ id: idParam });
const tokenParams = z.object({ token: z.string().max(300) });
const streamQuery = z.object({ ticket: z.string().max(100).optional() });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The unsubscribe page's own policy. It lives under the API's path, whose answers allow nothing
 *  (lib/security-headers.ts), and it is a document: its inline style and its form posting back here, nothing else. */
export const UNSUBSCRIBE_PAGE_POLICY =
  "default-src 'none';style-src 'unsafe-inline';form-action 'self';base-uri 'none';frame-ancestors 'none'";

function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${NOTIFICATION_TEXT.unsubscribeTitle}</title></head>` +
        `<body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">${body}</body></html>`,
    );
}

/** Last-Event-ID: the seq of the last event the client got; anything else counts as none. */
const lastEventIdOf = (value: string | string[] | undefined): number => {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : 0;
};

export const notificationsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const signedIn = { preHandler: app.requireUser };
  const write = { preHandler: app.requireUser, config: perUserRateLimit(WRITES_PER_MINUTE) };
  // The one-click unsubscribe posts a form body; every other call stays JSON.
  await app.register(formbody);

  app.get(
    '/api/notifications',
    { ...signedIn, schema: { querystring: notificationListQuery, response: { 200: notificationPage } } },
    async (request) => listNotifications(db, signedInUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread',
    { ...signedIn, schema: { response: { 200: unreadAnswer } } },
    async (request) => ({
      unread: await unreadCount(db, signedInUser(request).id),
    }),
  );

  app.post(
    '/api/notifications/read-all',
    { ...signedIn, schema: { response: { 200: unreadAnswer } } },
    async (request) => ({ unread: await readAll(db, signedInUser(request).id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    { ...signedIn, schema: { params: idParams, response: { 200: unreadAnswer } } },
    async (request) => ({ unread: await readOne(db, signedInUser(request).id, request.params.id) }),
  );

  app.get(
    '/api/notifications/preferences',
    { ...signedIn, schema: { response: { 200: notificationPreferences } } },
    async (request) => getPreferences(db, signedInUser(request).id),
  );

  app.put(
    '/api/notifications/preferences',
    { ...write, schema: { body: notificationPreferencesPatch, response: { 200: notificationPreferences } } },
    async (request) => putPreferences(db, signedInUser(request).id, request.body),
  );

  app.get(
    '/api/bug/:id/watch',
    { ...signedIn, schema: { params: idParams, response: { 200: watchState } } },
    async (request) => ({ watching: await isWatching(db, signedInUser(request).id, request.params.id) }),
  );

  app.put(
    '/api/bug/:id/watch',
    { ...write, schema: { params: idParams, response: { 200: watchState } } },
    async (request) => ({
      watching: await setWatching(db, signedInUser(request).id, request.params.id, true),
    }),
  );

  app.delete(
    '/api/bug/:id/watch',
    { ...write, schema: { params: idParams, response: { 200: watchState } } },
    async (request) => ({ watching: await setWatching(db, signedInUser(request).id, request.params.id, false) }),
  );

  // ---- the stream ----

  app.post(
    '/api/notifications/stream-ticket',
    {
      preHandler: app.requireUser,
      config: perUserRateLimit(STREAM_TICKETS_PER_MINUTE),
      schema: { response: { 200: streamTicket } },
    },
    async (request) => ({ ticket: await newStreamTicket(db, signedInUser(request).id) }),
  );

  /** The stream's user: by the auth-token header, or by a ticket (used up here, whatever happens next). */
  const streamUser = async (token: unknown, ticket: string | undefined): Promise<string | null> => {
    const user = await findUserByToken(db, token, app.config.adminEmails);
    if (user) return user.id;
    return ticket ? useStreamTicket(db, ticket) : null;
  };

  app.get('/api/notifications/stream', { schema: { querystring: streamQuery, hide: true } }, async (request, reply) => {
    const userId = await streamUser(request.headers['auth-token'], request.query.ticket);
    if (!userId) throw unauthorized();
    const lastEventId = lastEventIdOf(request.headers['last-event-id']);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    // A reconnecting EventSource waits this long; then a first comment, so the client knows it is open.
    res.write('retry: 3000\n: open\n\n');
    const hub = app.notifications.hub;
    const stream: SseStream = new SseStream(userId, res, {
      lastEventId,
      heartbeatMs: app.notifications.heartbeatMs,
      onClose: () => hub.remove(stream),
    });
    // Live events are held while the replay is read, then both are sent without duplicates.
    hub.add(stream);
    try {
      stream.start(lastEventId > 0 ? await itemsAfter(db, userId, lastEventId) : []);
    } catch (err) {
      request.log.error({ err }, 'notification replay failed');
      stream.close();
    }
  });

  // ---- one-click unsubscribe ----

  const bad = () => badRequest(NOTIFICATION_TEXT.unsubscribeBad);

  app.get('/api/email/unsubscribe/:token', { schema: { params: tokenParams, hide: true } }, async (request, reply) => {
    // Mail scanners follow links: this only shows the button.
    const grant = await readUnsubscribeToken(db, request.params.token);
    if (!grant)
      return page(
        reply,
        400,
        `<h1>${NOTIFICATION_TEXT.unsubscribeTitle}</h1><p>${NOTIFICATION_TEXT.unsubscribeBad}</p>`,
      );
    const action = `/api/email/unsubscribe/${encodeURIComponent(request.params.token)}`;
    const what =
      grant.scope === 'all'
        ? 'all notification mail'
        : grant.scope === 'digest'
          ? 'the digest'
          : `“${grant.scope}” mail`;
    return page(
      reply,
      200,
      `<h1>${NOTIFICATION_TEXT.unsubscribeTitle}</h1><p>Stop ${escapeHtml(what)}?</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${NOTIFICATION_TEXT.unsubscribeButton}</button></form>`,
    );
  });

  app.post('/api/email/unsubscribe/:token', { schema: { params: tokenParams, hide: true } }, async (request, reply) => {
    const grant = await readUnsubscribeToken(db, request.params.token);
    if (!grant) throw bad();
    if (!(await applyUnsubscribe(db, grant))) throw bad();
    if (
      request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
      request.headers.accept?.includes('text/html')
    )
      return page(
        reply,
        200,
        `<h1>${NOTIFICATION_TEXT.unsubscribeTitle}</h1><p>${NOTIFICATION_TEXT.unsubscribeDone}</p>`,
      );
    return reply.status(200).send({ unsubscribed: true });
  });
};

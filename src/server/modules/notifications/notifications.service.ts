// A person's notifications: the list (newest first, signed keyset cursor), the unread count, reading one or all,
// mail preferences, and watching bugs. Also the reads the stream needs (by seq). A refused call throws a Refusal.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCES,
  type EmailMode,
  NOTIFICATION_TYPES,
  NOTIFICATIONS,
  type NotificationItem,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationType,
  notificationType,
} from '../../../shared/notifications';
import type { Db } from '../../db/client';
import {
  bugs,
  bugWatches,
  notificationPreferences,
  notifications,
  notificationStreamTickets,
  users,
} from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { readCursor, signCursor } from '../../lib/cursor';
import { isId } from '../../lib/ids';
import { hashToken, isTokenShaped } from '../../lib/tokens';
import { watch } from './fan-out';

const notificationNotFound = () => notFound('Notification not found');
const bugNotFound = () => notFound('Bug not found');
const badCursor = () => badRequest('cursor is not one this server issued (start again without it)');

/** The list's position: the last item's creation time (PostgreSQL's text form, microseconds) and id. */
type ListCursor = { c: string; i: string };
const isListCursor = (v: unknown): v is ListCursor =>
  typeof v === 'object' && v !== null && typeof (v as ListCursor).c === 'string' && isId((v as ListCursor).i);

const itemColumns = {
  id: notifications.id,
  seq: notifications.seq,
  recipientId: notifications.recipientId,
  type: notifications.type,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  createdAtText: sql<string>`${notifications.createdAt}::text`,
  count: notifications.count,
  actorId: notifications.actorId,
  actorName: users.name,
  subjectType: notifications.subjectType,
  subjectId: notifications.subjectId,
  subjectTitle: notifications.subjectTitle,
  subjectUrl: notifications.subjectUrl,
};

export type ItemRow = {
  id: string;
  seq: number;
  recipientId: string;
  type: string;
  readAt: Date | null;
  createdAt: Date;
  createdAtText: string;
  count: number;
  actorId: string | null;
  actorName: string | null;
  subjectType: string;
  subjectId: string;
  subjectTitle: string;
  subjectUrl: string;
};

export function toItem(row: ItemRow): NotificationItem {
  return {
    _id: row.id,
    type: row.type as NotificationType,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    count: row.count,
    // Several people (grouped votes): no one actor.
    actor: row.actorId && row.actorName && row.count === 1 ? { _id: row.actorId, name: row.actorName } : null,
    subject: {
      type: row.subjectType as NotificationItem['subject']['type'],
      _id: row.subjectId,
      title: row.subjectTitle,
      url: row.subjectUrl,
    },
  };
}

export function selectItems(db: Db, where: SQL | undefined) {
  return db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(where)
    .$dynamic();
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  userId: string,
  options: { cursor?: string; limit?: number },
): Promise<NotificationPage> {
  const limit = options.limit ?? NOTIFICATIONS.pageDefault;
  let after: ListCursor | null = null;
  if (options.cursor) {
    const position = await readCursor(db, options.cursor);
    if (!isListCursor(position)) throw badCursor();
    after = position;
  }
  const rows = await selectItems(
    db,
    and(
      eq(notifications.recipientId, userId),
      after
        ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.c}::timestamptz, ${after.i}::uuid)`
        : undefined,
    ),
  )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? await signCursor(db, { c: last.createdAtText, i: last.id } satisfies ListCursor)
      : null;
  return { items: page.map(toItem), nextCursor, unread: await unreadCount(db, userId) };
}

/** Marks one of the user's notifications read (again is fine); another user's, or none: 404. */
export async function readOne(db: Db, userId: string, id: string): Promise<number> {
  if (!isId(id)) throw notificationNotFound();
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notificationNotFound();
  return unreadCount(db, userId);
}

export async function readAll(db: Db, userId: string): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return 0;
}

// ---- preferences ----

const isMode = (value: unknown): value is EmailMode => value === 'off' || value === 'immediate' || value === 'digest';

/** The stored choices over the defaults (a stored value of a type that no longer exists is ignored). */
export function effectivePreferences(row: { digest: string; types: Record<string, string> } | undefined) {
  const types = { ...DEFAULT_PREFERENCES.types };
  for (const type of NOTIFICATION_TYPES) {
    const value = row?.types[type];
    if (isMode(value)) types[type] = value;
  }
  return { digest: row?.digest === 'weekly' ? 'weekly' : 'daily', types } satisfies NotificationPreferences;
}

export async function preferencesRow(db: Db, userId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row;
}

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  return effectivePreferences(await preferencesRow(db, userId));
}

/** Sets the given parts (the body is checked by its schema: unknown types or values were refused before). */
export async function putPreferences(
  db: Db,
  userId: string,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const types: Record<string, EmailMode> = {};
  for (const [type, mode] of Object.entries(patch.types ?? {})) {
    if (!notificationType.safeParse(type).success || !isMode(mode)) throw badRequest(`unknown type or value: ${type}`);
    types[type] = mode;
  }
  const json = JSON.stringify(types);
  await db
    .insert(notificationPreferences)
    .values({ userId, digest: patch.digest ?? 'daily', types: sql`${json}::jsonb` })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        digest: patch.digest ?? sql`${notificationPreferences.digest}`,
        types: sql`${notificationPreferences.types} || ${json}::jsonb`,
        updatedAt: sql`now()`,
      },
    });
  return getPreferences(db, userId);
}

// ---- watching bugs ----

async function requireBug(db: Db, bugId: string) {
  if (!isId(bugId)) throw bugNotFound();
  const [row] = await db.select({ id: bugs.id }).from(bugs).where(eq(bugs.id, bugId));
  if (!row) throw bugNotFound();
}

export async function isWatching(db: Db, userId: string, bugId: string): Promise<boolean> {
  await requireBug(db, bugId);
  const [row] = await db
    .select({ bugId: bugWatches.bugId })
    .from(bugWatches)
    .where(and(eq(bugWatches.bugId, bugId), eq(bugWatches.userId, userId)));
  return Boolean(row);
}

export async function setWatching(db: Db, userId: string, bugId: string, on: boolean): Promise<boolean> {
  await requireBug(db, bugId);
  if (on) await watch(db, userId, bugId);
  else await db.delete(bugWatches).where(and(eq(bugWatches.bugId, bugId), eq(bugWatches.userId, userId)));
  return on;
}

// ---- the stream's reads ----

/** What a reconnect missed: the user's notifications after `seq`, oldest first, at most `replayMax` (the newest). */
export async function itemsAfter(db: Db, userId: string, seq: number): Promise<ItemRow[]> {
  const rows = await selectItems(db, and(eq(notifications.recipientId, userId), gt(notifications.seq, seq)))
    .orderBy(desc(notifications.seq))
    .limit(NOTIFICATIONS.replayMax);
  return rows.reverse();
}

/** The notifications a statement announced, of the given users only (those with a stream open here). */
export function itemsInRange(db: Db, from: number, to: number, userIds: string[]): Promise<ItemRow[]> {
  return selectItems(
    db,
    and(
      sql`${notifications.seq} between ${from} and ${to}`,
      inArray(notifications.recipientId, userIds),
      isNull(notifications.readAt),
    ),
  ).orderBy(asc(notifications.seq));
}

/** A single-use ticket opening one stream within NOTIFICATIONS.ticketTtlMs (only its hash is kept). */
export async function newStreamTicket(db: Db, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.delete(notificationStreamTickets).where(lt(notificationStreamTickets.expiresAt, new Date()));
  await db.insert(notificationStreamTickets).values({
    tokenHash: hashToken(ticket),
    userId,
    expiresAt: new Date(Date.now() + NOTIFICATIONS.ticketTtlMs),
  });
  return ticket;
}

/** The user of a live ticket, which is used up; null for an unknown, used or expired one. */
export async function useStreamTicket(db: Db, ticket: string): Promise<string | null> {
  if (!isTokenShaped(ticket)) return null;
  const [used] = await db
    .delete(notificationStreamTickets)
    .where(
      and(
        eq(notificationStreamTickets.tokenHash, hashToken(ticket)),
        gt(notificationStreamTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: notificationStreamTickets.userId });
  return used?.userId ?? null;
}

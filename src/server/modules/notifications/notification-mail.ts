// Notification mail, handed to the mail outbox (which sends it and retries through an SMTP outage):
// - immediate: a notification whose type the recipient mails immediately waits NOTIFY_MAIL_DELAY_S; if it was read
//   meanwhile, or the type was turned off, no mail is written.
// - digest: the unread notifications mailed in the digest, made before the current period began (a UTC day, or a
//   week from Monday), gathered into one mail; none when nothing is unread; at most one per person and period
//   (notification_digests holds one row per period mailed).
// Both are safe in several processes at once: rows are claimed with FOR UPDATE SKIP LOCKED. Every mail carries the
// one-click unsubscribe headers (RFC 8058) and a visible unsubscribe link.
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  type NotificationItem,
  type NotificationType,
  notificationPages,
  notificationText,
  NOTIFICATION_TEXT,
  type UnsubscribeScope,
} from '../../../shared/notifications';
import type { Db } from '../../db/client';
import { notificationDigests, notifications, users } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { enqueueMail } from '../../lib/outbox';
import { effectivePreferences, preferencesRow, selectItems, toItem } from './notifications.service';
import { unsubscribeToken } from './unsubscribe';

export interface MailSettings {
  publicUrl: string;
  /** NOTIFY_MAIL_DELAY_S */
  delayS: number;
  brand: string;
}

/** Notifications claimed per round. */
const BATCH = 100;
/** Items listed in one digest; the rest are counted. */
const DIGEST_ITEMS_MAX = 50;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

async function recipient(db: Db, userId: string) {
  const [user] = await db
    .select({ email: users.email, name: users.name, verifiedAt: users.verifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  const row = await preferencesRow(db, userId);
  return user ? { ...user, preferences: effectivePreferences(row), version: row?.unsubscribeVersion ?? 1 } : null;
}

/** The headers and links every notification mail carries. */
async function unsubscribeOf(db: Db, settings: MailSettings, userId: string, scope: UnsubscribeScope, version: number) {
  const url = `${settings.publicUrl}/api/email/unsubscribe/${await unsubscribeToken(db, userId, scope, version)}`;
  return {
    url,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

function layout(settings: MailSettings, heading: string, items: NotificationItem[], more: number, unsubscribe: string) {
  const link = (item: NotificationItem) => `${settings.publicUrl}${item.subject.url}`;
  const settingsUrl = `${settings.publicUrl}${notificationPages.settings}`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<tr><td><p style="font-size:20px;font-weight:bold;color:#d6336c;margin:0 0 16px">${escapeHtml(settings.brand)}</p>`,
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
    '<ul>',
    ...items.map((i) => `<li><a href="${escapeHtml(link(i))}">${escapeHtml(notificationText(i))}</a></li>`),
    '</ul>',
    more > 0 ? `<p>And ${more} more.</p>` : '',
    `<p style="font-size:12px;color:#52606d"><a href="${escapeHtml(unsubscribe)}">${NOTIFICATION_TEXT.mailUnsubscribe}</a>`,
    ` · <a href="${escapeHtml(settingsUrl)}">${NOTIFICATION_TEXT.mailSettings}</a></p>`,
    '</td></tr></table></body></html>',
  ].join('\n');
  const text = [
    heading,
    '',
    ...items.map((i) => `- ${notificationText(i)}\n  ${link(i)}`),
    ...(more > 0 ? [`And ${more} more.`] : []),
    '',
    `${NOTIFICATION_TEXT.mailUnsubscribe}: ${unsubscribe}`,
    `${NOTIFICATION_TEXT.mailSettings}: ${settingsUrl}`,
    '',
    settings.brand,
    '',
  ].join('\n');
  return { html, text };
}

export async function immediateMail(
  db: Db,
  settings: MailSettings,
  to: { id: string; email: string; version: number },
  item: NotificationItem,
): Promise<Mail> {
  const unsubscribe = await unsubscribeOf(db, settings, to.id, item.type, to.version);
  const heading = notificationText(item);
  return {
    to: to.email,
    subject: heading,
    ...layout(settings, heading, [item], 0, unsubscribe.url),
    headers: unsubscribe.headers,
  };
}

/** Hands the immediate mails that are due at `now` to the outbox; answers how many were written and skipped. */
export async function sendDueMail(
  db: Db,
  settings: MailSettings,
  now: Date,
): Promise<{ queued: number; skipped: number }> {
  const total = { queued: 0, skipped: 0 };
  const dueBefore = new Date(now.getTime() - settings.delayS * 1000);
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.mailState, 'pending'), lt(notifications.createdAt, dueBefore)))
        .orderBy(notifications.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return null;
      const rows = await selectItems(
        tx,
        inArray(
          notifications.id,
          due.map((d) => d.id),
        ),
      );
      const queued: string[] = [];
      const skipped: string[] = [];
      const people = new Map<string, Awaited<ReturnType<typeof recipient>>>();
      for (const row of rows) {
        if (!people.has(row.recipientId)) people.set(row.recipientId, await recipient(tx, row.recipientId));
        const to = people.get(row.recipientId);
        const type = row.type as NotificationType;
        if (row.readAt || !to?.verifiedAt || to.preferences.types[type] !== 'immediate') {
          skipped.push(row.id);
          continue;
        }
        await enqueueMail(
          tx,
          await immediateMail(tx, settings, { id: row.recipientId, email: to.email, version: to.version }, toItem(row)),
        );
        queued.push(row.id);
      }
      if (queued.length)
        await tx.update(notifications).set({ mailState: 'queued' }).where(inArray(notifications.id, queued));
      if (skipped.length)
        await tx.update(notifications).set({ mailState: 'skipped' }).where(inArray(notifications.id, skipped));
      return { queued: queued.length, skipped: skipped.length, claimed: due.length };
    });
    if (!round) return total;
    total.queued += round.queued;
    total.skipped += round.skipped;
    if (round.claimed < BATCH) return total;
  }
}

/** The period a digest at `now` belongs to, and where it began (UTC): a day, or a week from Monday. */
export function digestPeriod(digest: 'daily' | 'weekly', now: Date): { key: string; start: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (digest === 'weekly') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return { key: `${digest}:${start.toISOString().slice(0, 10)}`, start };
}

/** Hands the digests due at `now` to the outbox; answers how many were written. */
export async function sendDigests(db: Db, settings: MailSettings, now: Date): Promise<number> {
  // Whoever has unread digest notifications made before the start of the day (the week is narrowed per person).
  const dayStart = digestPeriod('daily', now).start;
  const waiting = await db
    .selectDistinct({ userId: notifications.recipientId })
    .from(notifications)
    .where(
      and(eq(notifications.mailState, 'digest'), isNull(notifications.readAt), lt(notifications.createdAt, dayStart)),
    )
    .limit(10_000);
  let sent = 0;
  for (const { userId } of waiting) if (await sendDigest(db, settings, userId, now)) sent += 1;
  return sent;
}

async function sendDigest(db: Db, settings: MailSettings, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const to = await recipient(tx, userId);
    if (!to) return false;
    const period = digestPeriod(to.preferences.digest, now);
    const rows = await selectItems(
      tx,
      and(
        eq(notifications.recipientId, userId),
        eq(notifications.mailState, 'digest'),
        isNull(notifications.readAt),
        lt(notifications.createdAt, period.start),
      ),
    )
      .orderBy(sql`${notifications.createdAt} desc`)
      .for('update', { of: notifications, skipLocked: true });
    const wanted = rows.filter((r) => to.preferences.types[r.type as NotificationType] === 'digest');
    const unwanted = rows.filter((r) => !wanted.includes(r)).map((r) => r.id);
    if (unwanted.length)
      await tx.update(notifications).set({ mailState: 'skipped' }).where(inArray(notifications.id, unwanted));
    if (wanted.length === 0 || !to.verifiedAt) return false;
    const [fresh] = await tx
      .insert(notificationDigests)
      .values({ userId, period: period.key, sentAt: now, count: wanted.length })
      .onConflictDoNothing()
      .returning({ period: notificationDigests.period });
    // This period's digest was mailed already: these wait for the next one.
    if (!fresh) return false;
    const unsubscribe = await unsubscribeOf(tx, settings, userId, 'digest', to.version);
    const shown = wanted.slice(0, DIGEST_ITEMS_MAX).map(toItem);
    const heading =
      wanted.length === 1 ? 'You have 1 unread notification' : `You have ${wanted.length} unread notifications`;
    await enqueueMail(tx, {
      to: to.email,
      subject: `${settings.brand} digest: ${heading}`,
      ...layout(settings, heading, shown, wanted.length - shown.length, unsubscribe.url),
      headers: unsubscribe.headers,
    });
    await tx
      .update(notifications)
      .set({ mailState: 'digested' })
      .where(
        inArray(
          notifications.id,
          wanted.map((r) => r.id),
        ),
      );
    return true;
  });
}

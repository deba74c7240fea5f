// Transactional outbox for email (docs/decisions/0002-accounts-tokens-and-email.md). Code that wants a mail sent
// inserts a row with `enqueueMail` in the same transaction as the user or token it is about, so either both
// exist or neither. `drainOutbox` sends the rows that are due; a failed attempt is retried later with exponential
// backoff, so an SMTP outage delays mail and loses none.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mail, Mailer } from './mailer';

export function enqueueMail(tx: Db, mail: Mail): Promise<unknown> {
  return tx.insert(mailOutbox).values(mail);
}

export interface DrainOptions {
  /** The first retry waits this long; each further one twice as long, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Rows claimed per round. */
  batch?: number;
  /** The clock; tests move it forward instead of sleeping. */
  now?: () => Date;
  onError?: (err: unknown, row: { id: string; attempts: number }) => void;
  /** Asked after each batch: true ends the drain there (shutdown finishes the batch it has claimed, no more). */
  stop?: () => boolean;
}

export interface DrainResult {
  sent: number;
  failed: number;
}

export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** What a sent row's text and html become. */
export const SENT_BODY = '(sent; the body is not kept)';
/** A claimed row is someone's for this long; if that process dies mid-send, another picks the row up after. */
const LEASE_MS = 5 * 60 * 1000;

/** The wait after the `attempts`-th failure: base, 2×base, 4×base, … capped. */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Sends every row that is due, round after round, until none is left. Safe to run in several processes at once:
 *  a row is claimed (leased) by one `UPDATE … FOR UPDATE SKIP LOCKED` before it is sent. */
export async function drainOutbox(db: Db, mailer: Mailer, options: DrainOptions = {}): Promise<DrainResult> {
  const now = options.now ?? (() => new Date());
  const batch = options.batch ?? 50;
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(db, now(), batch);
    for (const row of claimed) {
      try {
        await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers });
        // The body held a live single-use link; once sent, the table need not keep it.
        await db
          .update(mailOutbox)
          .set({ sentAt: now(), lastError: null, text: SENT_BODY, html: SENT_BODY })
          .where(eq(mailOutbox.id, row.id));
        result.sent += 1;
      } catch (err) {
        const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now().getTime() + delay), lastError: describe(err) })
          .where(eq(mailOutbox.id, row.id));
        result.failed += 1;
        options.onError?.(err, { id: row.id, attempts: row.attempts });
      }
    }
    if (claimed.length < batch || options.stop?.()) return result;
  }
}

async function claimDue(db: Db, at: Date, batch: number) {
  // The clock reads whole milliseconds, the database stamps microseconds: a row stamped within the millisecond the
  // clock reads is due (else mail enqueued and drained in one millisecond waited for the next poll).
  const clockTickEnd = new Date(at.getTime() + 1);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.nextAttemptAt, clockTickEnd)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING has no order; mail goes out oldest first.
  return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
}

const describe = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1_000);

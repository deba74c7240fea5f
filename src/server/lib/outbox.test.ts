import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { memoryMailer } from './mailer';
import { drainOutbox, enqueueMail, retryDelayMs, SENT_BODY } from './outbox';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: 'text', html: '<p>html</p>' });

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1_000, 5_000))).toEqual([1_000, 2_000, 4_000, 5_000]);
    expect(retryDelayMs(200, 30_000, 3_600_000)).toBe(3_600_000);
  });
});

describe('drainOutbox', () => {
  it('sends each due row once, oldest first, even when two drains run at the same time', async () => {
    const db = database.db;
    const addresses = Array.from({ length: 30 }, (_, i) => `once-${i}@example.test`);
    for (const to of addresses) await enqueueMail(db, mail(to));
    const mailer = memoryMailer();
    const [a, b] = await Promise.all([drainOutbox(db, mailer, { batch: 7 }), drainOutbox(db, mailer, { batch: 7 })]);
    expect(a.sent + b.sent).toBe(30);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
    expect(await drainOutbox(db, mailer)).toEqual({ sent: 0, failed: 0 });
  });

  it('sends a row enqueued in the same millisecond the clock reads (the database keeps microseconds)', async () => {
    // A mail enqueued and drained within one millisecond: the row's default stamp, 00.000500, is later than the
    // clock's 00.000 but not by a tick the clock can see, so the mail is due (it once waited for the next poll).
    const db = database.db;
    await db
      .insert(mailOutbox)
      .values({ ...mail('same-ms@example.test'), nextAttemptAt: sql`'2031-01-01T00:00:00.000500Z'::timestamptz` });
    const mailer = memoryMailer();
    const clock = () => new Date('2031-01-01T00:00:00.000Z');
    expect(await drainOutbox(db, mailer, { now: clock })).toMatchObject({ sent: 1 });
    expect(mailer.sent.map((m) => m.to)).toContain('same-ms@example.test');
  });

  it('keeps a failed row with its error and sends it when due again', async () => {
    const db = database.db;
    await enqueueMail(db, mail('later@example.test'));
    const mailer = memoryMailer();
    mailer.failWith = new Error('connect ECONNREFUSED 127.0.0.1:25');
    const t0 = new Date('2030-01-01T00:00:00Z');
    const errors: number[] = [];
    const options = {
      retryBaseMs: 10_000,
      onError: (_: unknown, row: { attempts: number }) => errors.push(row.attempts),
    };

    expect(await drainOutbox(db, mailer, { ...options, now: () => t0 })).toEqual({ sent: 0, failed: 1 });
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'later@example.test'));
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + 10_000);

    // Before it is due, nothing is tried; after, it goes out.
    mailer.failWith = null;
    expect(await drainOutbox(db, mailer, { ...options, now: () => new Date(t0.getTime() + 9_000) })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await drainOutbox(db, mailer, { ...options, now: () => new Date(t0.getTime() + 10_000) })).toEqual({
      sent: 1,
      failed: 0,
    });
    const [done] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'later@example.test'));
    expect(done).toMatchObject({ attempts: 2, lastError: null, text: SENT_BODY, html: SENT_BODY });
    expect(done.sentAt).toBeInstanceOf(Date);
    expect(errors).toEqual([1]);
    expect(mailer.sent.map((m) => m.to)).toEqual(['later@example.test']);
  });
});

// Notification mail for real, through an SMTP server started here (smtp-server on 127.0.0.1) and parsed from the
// raw message: the immediate mail after its delay (none when read first), the digest (none when nothing is unread,
// at most one per period: the clock is moved), the one-click unsubscribe headers and link (RFC 8058), POST with a form
// body and no login, GET changing nothing, a tampered token refused; transactional mail without those headers.
import { and, eq, gt } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type NotificationPage } from '../../../shared/notifications';
import { mailOutbox, notifications } from '../../db/schema';
import { defined } from '../../test/defined';
import { createUser, type TestUser } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { callerOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { digestPeriod } from './notification-mail';
import { UNSUBSCRIBE_PAGE_POLICY } from './notifications.routes';

interface Received {
  raw: string;
  mail: ParsedMail;
}

let t: TestApp;
let server: SMTPServer;
const inbox: Received[] = [];
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const DELAY_S = 300;

beforeAll(async () => {
  const port = await freePort();
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          inbox.push({ raw: raw.toString('utf8'), mail });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  t = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, notifyMailDelayS: DELAY_S },
    outbox: { pollMs: 0 },
    notifications: { mailPollMs: 0 },
  });
  const { db } = t.database;
  alice = await createUser(db, { name: 'Alice Asker' });
  bob = await createUser(db, { name: 'Bobby Solver' });
  carol = await createUser(db, { name: 'Carol Digest' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const call = callerOf(() => t.app);
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const mailsTo = (user: TestUser) => inbox.filter((r) => r.raw.includes(`To: ${user.email}`));
const outboxRows = (user: TestUser) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));

async function askAndAnswer(asker: TestUser, title: string): Promise<string> {
  const bug = await call('POST', '/api/bug/addbug', asker, { title, description: '<p>Broken</p>' });
  expect(bug.statusCode, bug.body).toBe(200);
  const res = await call('POST', '/api/bug/addcomment', bob, {
    bug: bug.json<{ _id: string }>()._id,
    content: '<p>Fix</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.notifications.settled();
  return bug.json<{ _id: string }>()._id;
}

/** The one header line `name: value` of a raw message (unfolded lines only: it must be on one line). */
const headerLine = (raw: string, name: string) =>
  raw
    .split('\r\n\r\n')[0]
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));

describe('immediate mail', () => {
  it('waits NOTIFY_MAIL_DELAY_S, then is mailed with the one-click unsubscribe headers and link', async () => {
    await askAndAnswer(alice, 'Mail me the answer');
    expect((await t.app.notifications.runMail(later(10))).queued).toBe(0);
    expect(await outboxRows(alice)).toHaveLength(0);
    expect((await t.app.notifications.runMail(later(DELAY_S + 1))).queued).toBeGreaterThanOrEqual(1);
    await t.app.outbox.drain();

    const [received] = mailsTo(alice);
    expect(received.mail.subject).toBe('Bobby Solver answered “Mail me the answer”');
    const unsubscribe = defined(headerLine(received.raw, 'List-Unsubscribe'), 'List-Unsubscribe');
    expect(unsubscribe).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/email\/unsubscribe\/[\w.-]+>$/);
    expect(headerLine(received.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = defined(unsubscribe.match(/<(.+)>/), 'the address')[1];
    expect(received.mail.text).toContain(url);
    expect(received.mail.html).toContain(`href="${url}"`);
    expect(received.mail.text).toMatch(/http:\/\/localhost:3000\/bugs\/[\w-]+#solution-[\w-]+/);
  });

  it('is not sent when the notification was read first', async () => {
    await call('POST', '/api/notifications/read-all', alice);
    const before = (await outboxRows(alice)).length;
    await askAndAnswer(alice, 'Read before the mail');
    const { items } = (await call('GET', '/api/notifications', alice)).json<NotificationPage>();
    await call('POST', `/api/notifications/${items[0]._id}/read`, alice);
    await t.app.notifications.runMail(later(DELAY_S + 1));
    expect(await outboxRows(alice)).toHaveLength(before);
  });
});

describe('one-click unsubscribe', () => {
  const tokenPath = async () => {
    const [received] = mailsTo(alice);
    const url = defined(headerLine(received.raw, 'List-Unsubscribe')?.match(/<(.+)>/), 'the address')[1];
    return new URL(url).pathname;
  };
  const preferences = async (user: TestUser) =>
    (await call('GET', '/api/notifications/preferences', user)).json<unknown>();

  it('GET shows a button and changes nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: await tokenPath() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<form method="post"');
    expect(res.body).toContain('<button type="submit">Unsubscribe</button>');
    // A document under the API's path: its own policy, which lets its style and its form work and nothing else.
    expect(res.headers['content-security-policy']).toBe(UNSUBSCRIBE_PAGE_POLICY);
    expect(await preferences(alice)).toEqual(DEFAULT_PREFERENCES);
  });

  it('a tampered token: 400, nothing changed', async () => {
    const path = await tokenPath();
    const last = path.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [`${path.slice(0, -1)}${last}`, `${path}x`, '/api/email/unsubscribe/nope']) {
      const res = await t.app.inject({
        method: 'POST',
        url: bad,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, bad).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(400);
    }
    expect(await preferences(alice)).toEqual(DEFAULT_PREFERENCES);
  });

  it('POST with the form body and no login applies it, any number of times', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: await tokenPath(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await preferences(alice)).toEqual({
      ...DEFAULT_PREFERENCES,
      types: { ...DEFAULT_PREFERENCES.types, 'bug.answered': 'off' },
    });
    // Unsubscribed: the next answer shows in the page and is not mailed.
    const before = (await outboxRows(alice)).length;
    await askAndAnswer(alice, 'After unsubscribing');
    await t.app.notifications.runMail(later(DELAY_S + 1));
    expect(await outboxRows(alice)).toHaveLength(before);
  });

  it('transactional mail carries no unsubscribe headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'Mail Tester', email: 'transactional@example.test', password: 'secret-pass' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.settled();
    await t.app.outbox.drain();
    const received = defined(
      inbox.find((r) => r.raw.includes('To: transactional@example.test')),
      'the verification mail',
    );
    expect(headerLine(received.raw, 'List-Unsubscribe')).toBeUndefined();
    expect(headerLine(received.raw, 'List-Unsubscribe-Post')).toBeUndefined();
  });
});

describe('the digest', () => {
  // The digest's periods are days of the calendar, so the notifications are moved onto a fixed Monday, away from the
  // wall clock: a run near midnight must not see them made yesterday.
  const day = (n: number, hour = 0, minute = 10) => new Date(Date.UTC(2026, 0, 5 + n, hour, minute));
  /** Moves Carol's notifications made just now (later than any day of this test) to `at`. */
  const madeAt = async (at: Date) => {
    await t.database.db
      .update(notifications)
      .set({ createdAt: at })
      .where(and(eq(notifications.recipientId, carol.id), gt(notifications.createdAt, day(30))));
  };

  it('gathers the unread ones of its period, none when nothing is unread, at most one per period', async () => {
    await call('PUT', '/api/notifications/preferences', carol, { types: { 'bug.answered': 'digest' } });
    await askAndAnswer(carol, 'Digest one');
    await askAndAnswer(carol, 'Digest two');
    const noon = day(0, 12, 0);
    await madeAt(noon);
    // Past the immediate mail's delay, still that day: they wait for the next day's digest.
    await t.app.notifications.runMail(new Date(noon.getTime() + (DELAY_S + 1) * 1000));
    expect(await outboxRows(carol)).toHaveLength(0);

    expect((await t.app.notifications.runMail(day(1))).digests).toBe(1);
    await t.app.outbox.drain();
    const [digest] = mailsTo(carol);
    expect(digest.mail.subject).toMatch(/2 unread notifications/);
    expect(digest.mail.text).toContain('Bobby Solver answered “Digest one”');
    expect(digest.mail.text).toContain('Bobby Solver answered “Digest two”');
    expect(headerLine(digest.raw, 'List-Unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\//);
    expect(headerLine(digest.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Another one that day: its digest was mailed already, so this one waits for the next day's.
    await askAndAnswer(carol, 'Digest three');
    await madeAt(day(1, 6));
    expect((await t.app.notifications.runMail(day(1, 12))).digests).toBe(0);
    expect((await t.app.notifications.runMail(day(2))).digests).toBe(1);
    expect(await outboxRows(carol)).toHaveLength(2);

    // Nothing unread: no digest.
    await askAndAnswer(carol, 'Digest four');
    await madeAt(day(2, 6));
    await call('POST', '/api/notifications/read-all', carol);
    expect((await t.app.notifications.runMail(day(3))).digests).toBe(0);
    expect(await outboxRows(carol)).toHaveLength(2);
  });

  it('periods: a UTC day, or a week from Monday', () => {
    const at = new Date('2026-11-27T15:00:00Z'); // a Friday
    expect(digestPeriod('daily', at)).toEqual({ key: 'daily:2026-11-27', start: new Date('2026-11-27T00:00:00Z') });
    expect(digestPeriod('weekly', at)).toEqual({ key: 'weekly:2026-11-23', start: new Date('2026-11-23T00:00:00Z') });
    expect(digestPeriod('weekly', new Date('2026-11-23T00:00:00Z')).key).toBe('weekly:2026-11-23');
    expect(digestPeriod('weekly', new Date('2026-11-29T23:59:00Z')).key).toBe('weekly:2026-11-23');
  });
});

// Account mail for real: through an SMTP server started here (smtp-server on 127.0.0.1), through the outbox when
// that server is down or refusing, and into DATA_DIR/mail/*.eml when no SMTP_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../../shared/contract';
import { mailOutbox } from '../../db/schema';
import { memoryMailer } from '../../lib/mailer';
import { defined } from '../../test/defined';
import { freePort } from '../../test/free-port';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Inbox {
  server: SMTPServer;
  mails: ParsedMail[];
  /** Accepts (null) or refuses each message with a temporary error. */
  refuse: boolean;
  stop(): Promise<void>;
}

async function startInbox(port: number): Promise<Inbox> {
  const inbox: Inbox = {
    mails: [],
    refuse: false,
    server: new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (inbox.refuse) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          simpleParser(Buffer.concat(chunks)).then((mail) => {
            inbox.mails.push(mail);
            callback();
          }, callback);
        });
      },
    }),
    stop: () => new Promise<void>((resolve) => inbox.server.close(() => resolve())),
  };
  await new Promise<void>((resolve, reject) => {
    inbox.server.once('error', reject);
    inbox.server.listen(port, '127.0.0.1', () => resolve());
  });
  return inbox;
}

async function waitFor<T>(fn: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
});

async function appWith(options: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(options);
  cleanups.push(() => t.close());
  return t;
}

/** Signs up and waits for the work the route does after answering (the user, its token, the queued mail). */
async function signUp(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/createUser',
    payload: { name: 'Mail Tester', email, password: 'secret-pass' },
  });
  await t.app.outbox.settled();
  return res;
}

const outboxRow = async (t: TestApp, to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

describe('mail through a real SMTP server', () => {
  it('delivers the verification mail (text + HTML, brand, sender) and its link verifies the account', async () => {
    const port = await freePort();
    const inbox = await startInbox(port);
    cleanups.push(() => inbox.stop());
    const t = await appWith({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'DevCourses <hello@devcourses.test>' },
      outbox: { pollMs: 0 },
    });

    expect((await signUp(t, 'smtp-user@example.test')).statusCode).toBe(200);
    expect(await t.app.outbox.drain()).toEqual({ sent: 1, failed: 0 });

    expect(inbox.mails).toHaveLength(1);
    const mail = inbox.mails[0];
    expect(mail.from?.value).toEqual([{ name: 'DevCourses', address: 'hello@devcourses.test' }]);
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe('smtp-user@example.test');
    expect(mail.subject).toBe('Verify your email for DevCourses');
    const link = defined(
      mail.text?.match(/http:\/\/localhost:3000\/user\/verify\/([A-Za-z0-9_-]{43})/),
      'a verify link in the text part',
    );
    expect(mail.html).toContain(link[0]);

    const verify = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${link[1]}` });
    expect(verify.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginUser',
      payload: { email: 'smtp-user@example.test', password: 'secret-pass' },
    });
    expect(login.json<AuthResult>().success).toBe(true);
    expect((await outboxRow(t, 'smtp-user@example.test')).sentAt).toBeInstanceOf(Date);
  });

  it('keeps the mail while the SMTP server is down and delivers it once the server is up (the worker retries)', async () => {
    const port = await freePort();
    const t = await appWith({
      config: { smtpUrl: `smtp://127.0.0.1:${port}` },
      outbox: { pollMs: 20, retryBaseMs: 50, retryMaxMs: 200 },
    });

    expect((await signUp(t, 'down@example.test')).statusCode).toBe(200);
    const failed = await waitFor(async () => {
      const row = await outboxRow(t, 'down@example.test');
      return row.attempts >= 2 && row.lastError ? row : null;
    }, 'two failed attempts');
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    const inbox = await startInbox(port);
    cleanups.push(() => inbox.stop());
    await waitFor(() => inbox.mails.length === 1, 'the delivery');
    expect(inbox.mails[0].subject).toBe('Verify your email for DevCourses');
    const sent = await waitFor(async () => {
      const row = await outboxRow(t, 'down@example.test');
      return row.sentAt ? row : null;
    }, 'the row marked sent');
    expect(sent.lastError).toBeNull();
    // Exactly once, however many times the worker ran meanwhile.
    await t.app.outbox.drain();
    expect(inbox.mails).toHaveLength(1);
  });

  it('retries a message the server refused with a temporary error, with growing waits, then delivers it', async () => {
    const port = await freePort();
    const inbox = await startInbox(port);
    inbox.refuse = true;
    cleanups.push(() => inbox.stop());
    const t = await appWith({
      config: { smtpUrl: `smtp://127.0.0.1:${port}` },
      outbox: { pollMs: 0, retryBaseMs: 60_000 },
    });

    await signUp(t, 'refused@example.test');
    expect(await t.app.outbox.drain()).toEqual({ sent: 0, failed: 1 });
    const first = await outboxRow(t, 'refused@example.test');
    expect(first.attempts).toBe(1);
    expect(first.lastError).toMatch(/451|busy/i);
    // Not due yet: the backoff holds it back.
    expect(await t.app.outbox.drain()).toEqual({ sent: 0, failed: 0 });

    // Make it due again; the second failure waits twice as long.
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(mailOutbox.id, first.id));
    const before = Date.now();
    expect(await t.app.outbox.drain()).toEqual({ sent: 0, failed: 1 });
    const second = await outboxRow(t, 'refused@example.test');
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(120_000 - 1_000);

    inbox.refuse = false;
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(mailOutbox.id, first.id));
    expect(await t.app.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.mails.map((m) => m.subject)).toEqual(['Verify your email for DevCourses']);
  });
});

describe('the outbox worker', () => {
  it('sends right after a route queued mail, without waiting for its poll', async () => {
    const mailer = memoryMailer();
    const t = await appWith({ outbox: { mailer, pollMs: 60 * 60 * 1000 } });
    await waitFor(async () => (await t.app.outbox.drain()) && true, 'the start-up drain');
    expect((await signUp(t, 'woken@example.test')).statusCode).toBe(200);
    await waitFor(() => mailer.sent.length === 1, 'the mail');
    expect(mailer.sent[0].to).toBe('woken@example.test');
  });
});

describe('mail without SMTP_URL', () => {
  it('writes an .eml file under DATA_DIR/mail and prints the link in the log', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-mail-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    const t = await appWith({
      config: { dataDir, smtpUrl: undefined },
      outbox: { pollMs: 0 },
      logger: { level: 'info', stream },
    });

    await signUp(t, 'file-user@example.test');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'file-user@example.test' } });
    expect(await t.app.outbox.drain()).toEqual({ sent: 2, failed: 0 });

    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.filter((f) => !f.endsWith('.eml'))).toEqual([]);
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dataDir, 'mail', f)))));
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(['Reset your DevCourses password', 'Verify your email for DevCourses']);
    for (const mail of mails) {
      const link = defined(
        mail.text?.match(/http:\/\/localhost:3000\/user\/(verify|change-password)\/[A-Za-z0-9_-]{43}/),
        `a link in "${mail.subject}"`,
      )[0];
      expect(logged).toContain(link);
      expect(mail.html).toContain(link);
    }
    // The token in the file works.
    const verifyMail = defined(
      mails.find((m) => m.subject?.startsWith('Verify')),
      'the verify mail',
    );
    const verifyToken = defined(verifyMail.text?.match(/verify\/([A-Za-z0-9_-]{43})/), 'a verify token')[1];
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify/${verifyToken}` })).statusCode).toBe(200);
    expect(
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(sql`sent_at is null`),
    ).toEqual([{ n: 0 }]);
  });
});

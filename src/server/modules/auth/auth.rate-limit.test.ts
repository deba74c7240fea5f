// Rate limits on the auth calls: per IP and per email, 429 with Retry-After and a JSON error; in memory, and shared
// between app instances through Redis (127.0.0.1:6379) under a key prefix unique to this run. Login counts failures
// only, per (account, address), per account and per address, so an attacker's failures do not lock the owner out.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../../shared/contract';
import { users } from '../../db/schema';
import { memoryMailer } from '../../lib/mailer';
import { defined } from '../../test/defined';
import { createUser } from '../../test/factories';
import { anErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthLimits } from './auth.routes';
import { hashPassword } from './auth.service';

const WINDOW = 60_000;
const limits: AuthLimits = {
  login: {
    perAccountAndIp: { max: 3, windowMs: WINDOW },
    perAccount: { max: 5, windowMs: WINDOW },
    perIp: { max: 8, windowMs: WINDOW },
  },
  signup: { perIp: { max: 3, windowMs: WINDOW }, perEmail: { max: 1, windowMs: WINDOW } },
  forgot: { perIp: { max: 3, windowMs: WINDOW }, perEmail: { max: 2, windowMs: WINDOW } },
  changePassword: { perIp: { max: 2, windowMs: WINDOW } },
  signInLink: { perIp: { max: 5, windowMs: WINDOW } },
};

/** A verified account with a real password. */
async function owner(t: TestApp) {
  const user = await createUser(t.database.db, { email: email() });
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword('owner-pass') })
    .where(eq(users.id, user.id));
  return user;
}

let seq = 0;
const email = () => `rl-${++seq}-${randomBytes(3).toString('hex')}@example.test`;

function caller(t: TestApp, ip: string) {
  return (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

function expect429(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  message = /Too many attempts\. Try again in \d+ seconds\./,
) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
  expect(res.json()).toEqual(anErrorBody(message));
}
const ACCOUNT_PAUSED = /password login is paused for \d+ seconds\. If it has an account, we emailed its owner/;

const login = (t: TestApp, ip: string, address: string, password: string) =>
  caller(t, ip)('/api/auth/loginUser', { email: address, password });

describe('auth rate limits (in memory)', () => {
  let t: TestApp;
  const mailer = memoryMailer();
  beforeAll(async () => {
    t = await createTestApp({ authLimits: limits, outbox: { mailer, pollMs: 0 } });
  });
  afterAll(() => t.close());

  it("an attacker's failures stop the attacker's address, not the owner", async () => {
    const user = await owner(t);
    for (let i = 0; i < 3; i++) expect((await login(t, '10.0.0.1', user.email, `guess-${i}`)).statusCode).toBe(401);
    expect429(await login(t, '10.0.0.1', user.email, 'guess-3'));
    // Even the right password from the attacker's address waits (it could be the attacker's next guess).
    expect429(await login(t, '10.0.0.1', user.email, 'owner-pass'));
    const mine = await login(t, '10.0.0.9', user.email.toUpperCase(), 'owner-pass');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<AuthResult>().success).toBe(true);
  });

  it('counts failures only: an owner who logs in often is never limited', async () => {
    const user = await owner(t);
    for (let i = 0; i < 12; i++) expect((await login(t, '10.0.5.1', user.email, 'owner-pass')).statusCode).toBe(200);
  });

  it("a successful login forgives that address's earlier failures on the account", async () => {
    const user = await owner(t);
    for (let i = 0; i < 2; i++) expect((await login(t, '10.0.6.1', user.email, 'typo-pass')).statusCode).toBe(401);
    expect((await login(t, '10.0.6.1', user.email, 'owner-pass')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(t, '10.0.6.1', user.email, 'typo-pass')).statusCode).toBe(401);
    expect429(await login(t, '10.0.6.1', user.email, 'typo-pass'));
  });

  it('caps guesses per account across addresses; the owner then gets in by a one-time emailed link', async () => {
    const user = await owner(t);
    mailer.sent.length = 0;
    // Five addresses, one guess each: the account's budget (5) is spent, no single address's (3) is.
    for (let i = 1; i <= 5; i++) expect((await login(t, `10.0.7.${i}`, user.email, `guess-${i}`)).statusCode).toBe(401);
    // Now no password is checked for the account, the right one included, from any address.
    expect429(await login(t, '10.0.7.6', user.email, 'guess-6'), ACCOUNT_PAUSED);
    expect429(await login(t, '10.0.7.9', user.email, 'owner-pass'), ACCOUNT_PAUSED);
    await t.app.outbox.drain();
    // One link, however many refusals.
    const mails = mailer.sent.filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    const token = defined(mails[0].text.match(/\/user\/sign-in\/([A-Za-z0-9_-]{43})/), 'a sign-in link')[1];

    const signIn = await caller(t, '10.0.7.9')('/api/auth/signInWithLink', { token });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const session = signIn.json<AuthResult>();
    expect(session).toMatchObject({ success: true, id: user.id, msg: 'Logged in' });
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { 'auth-token': defined(session.authToken, 'a token') },
    });
    expect(me.statusCode).toBe(200);
    // The link works once.
    const again = await caller(t, '10.0.7.9')('/api/auth/signInWithLink', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(anErrorBody());
  });

  it('answers an unknown email at its cap exactly as a known one, and mails nobody', async () => {
    const nobody = email();
    mailer.sent.length = 0;
    for (let i = 1; i <= 5; i++) expect((await login(t, `10.0.8.${i}`, nobody, `guess-${i}`)).statusCode).toBe(401);
    expect429(await login(t, '10.0.8.6', nobody, 'guess-6'), ACCOUNT_PAUSED);
    await t.app.outbox.drain();
    expect(mailer.sent).toEqual([]);
  });

  it('refuses a made-up or malformed sign-in link with 400 {error}', async () => {
    for (const token of ['A'.repeat(43), 'nope', 'x'.repeat(200)]) {
      const res = await caller(t, '10.0.9.1')('/api/auth/signInWithLink', { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual(anErrorBody());
    }
    const missing = await caller(t, '10.0.9.1')('/api/auth/signInWithLink', {});
    expect(missing.statusCode).toBe(400);
  });

  it('limits failed logins per IP across many emails', async () => {
    const call = caller(t, '10.0.1.1');
    for (let i = 0; i < 8; i++)
      expect((await call('/api/auth/loginUser', { email: email(), password: 'guess-1' })).statusCode).toBe(401);
    expect429(await call('/api/auth/loginUser', { email: email(), password: 'guess-1' }));
    // Another IP still gets in line.
    expect(
      (await caller(t, '10.0.1.2')('/api/auth/loginUser', { email: email(), password: 'guess-1' })).statusCode,
    ).toBe(401);
  });

  it('limits sign-up per email and per IP', async () => {
    const address = email();
    expect(
      (
        await caller(t, '10.0.2.1')('/api/auth/createUser', {
          name: 'Rate Limited',
          email: address,
          password: 'secret-pass',
        })
      ).statusCode,
    ).toBe(200);
    expect429(
      await caller(t, '10.0.2.2')('/api/auth/createUser', {
        name: 'Rate Limited',
        email: address,
        password: 'secret-pass',
      }),
    );

    const call = caller(t, '10.0.2.3');
    for (let i = 0; i < 3; i++) {
      expect(
        (await call('/api/auth/createUser', { name: 'Rate Limited', email: email(), password: 'secret-pass' }))
          .statusCode,
      ).toBe(200);
    }
    expect429(await call('/api/auth/createUser', { name: 'Rate Limited', email: email(), password: 'secret-pass' }));
  });

  it('limits forgot-password per email and per IP', async () => {
    const address = email();
    for (const ip of ['10.0.3.1', '10.0.3.2']) {
      expect((await caller(t, ip)('/api/auth/forgot', { email: address })).statusCode).toBe(200);
    }
    expect429(await caller(t, '10.0.3.3')('/api/auth/forgot', { email: address }));

    const call = caller(t, '10.0.3.4');
    for (let i = 0; i < 3; i++) expect((await call('/api/auth/forgot', { email: email() })).statusCode).toBe(200);
    expect429(await call('/api/auth/forgot', { email: email() }));
  });

  it('limits change-password per IP', async () => {
    const call = caller(t, '10.0.4.1');
    const body = { id: 'A'.repeat(43), password: 'brand-new-pass' };
    for (let i = 0; i < 2; i++) expect((await call('/api/auth/Changepassword', body)).statusCode).toBe(400);
    expect429(await call('/api/auth/Changepassword', body));
  });
});

describe('auth rate limits shared through Redis', () => {
  const prefix = `devc-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  let redisA: Redis;
  let redisB: Redis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Two app instances, as two processes behind a load balancer would be, each with its own client.
    redisA = new Redis({
      host: '127.0.0.1',
      port: 6379,
      keyPrefix: prefix,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    redisB = new Redis({
      host: '127.0.0.1',
      port: 6379,
      keyPrefix: prefix,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    await Promise.all([redisA.connect(), redisB.connect()]);
    a = await createTestApp({ redis: redisA, authLimits: limits, outbox: { mailer: memoryMailer(), pollMs: 0 } });
    b = await createTestApp({ redis: redisB, authLimits: limits, outbox: { mailer: memoryMailer(), pollMs: 0 } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    // Remove every key this run made (keyPrefix is not applied to SCAN patterns, so spell it out).
    const cleaner = new Redis({ host: '127.0.0.1', port: 6379 });
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length) await cleaner.del(...keys);
    expect(await cleaner.keys(`${prefix}*`)).toEqual([]);
    cleaner.disconnect();
    redisA?.disconnect();
    redisB?.disconnect();
  });

  it('counts failed logins for one account across two app instances, in Redis', async () => {
    const target = email();
    for (const [i, t] of [a, b, a, b, a].entries()) {
      expect((await login(t, `10.1.0.${i + 1}`, target, `guess-${i}`)).statusCode).toBe(401);
    }
    expect429(await login(a, '10.1.0.9', target, 'guess-9'), ACCOUNT_PAUSED);
    expect429(await login(b, '10.1.0.9', target, 'guess-9'), ACCOUNT_PAUSED);
    const plain = new Redis({ host: '127.0.0.1', port: 6379 });
    const keys = await plain.keys(`${prefix}*login-fail:acct:*`);
    plain.disconnect();
    expect(keys).toHaveLength(1);
  });

  it('counts attempts per IP across two app instances, and the counters live in Redis with an expiry', async () => {
    const ip = '10.1.1.1';
    for (const t of [a, b, a])
      expect((await caller(t, ip)('/api/auth/forgot', { email: email() })).statusCode).toBe(200);
    expect429(await caller(a, ip)('/api/auth/forgot', { email: email() }));

    const plain = new Redis({ host: '127.0.0.1', port: 6379 });
    const keys = await plain.keys(`${prefix}*`);
    expect(keys.some((k) => k.includes(`forgot:ip:${ip}`))).toBe(true);
    // Emails are hashed in keys: no address is stored in Redis.
    expect(keys.some((k) => k.includes('@'))).toBe(false);
    const ttl = await plain.pttl(
      defined(
        keys.find((k) => k.includes(`forgot:ip:${ip}`)),
        'the forgot:ip key',
      ),
    );
    plain.disconnect();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW);
  });
});

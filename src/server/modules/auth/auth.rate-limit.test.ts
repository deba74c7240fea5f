// Rate limits on the auth calls: per IP and per email, 429 with Retry-After and a JSON error; in memory, and shared
// between app instances through Redis (127.0.0.1:6379) under a key prefix unique to this run.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryMailer } from '../../lib/mailer';
import { defined } from '../../test/defined';
import { anErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthLimits } from './auth.routes';

const WINDOW = 60_000;
const limits: AuthLimits = {
  login: { perIp: { max: 4, windowMs: WINDOW }, perEmail: { max: 2, windowMs: WINDOW } },
  signup: { perIp: { max: 3, windowMs: WINDOW }, perEmail: { max: 1, windowMs: WINDOW } },
  forgot: { perIp: { max: 3, windowMs: WINDOW }, perEmail: { max: 2, windowMs: WINDOW } },
  changePassword: { perIp: { max: 2, windowMs: WINDOW } },
};

let seq = 0;
const email = () => `rl-${++seq}-${randomBytes(3).toString('hex')}@example.test`;

function caller(t: TestApp, ip: string) {
  return (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
  expect(res.json()).toEqual(anErrorBody(/Too many attempts\. Try again in \d+ seconds\./));
}

describe('auth rate limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authLimits: limits, outbox: { mailer: memoryMailer(), pollMs: 0 } });
  });
  afterAll(() => t.close());

  it('limits login attempts per email, whatever the IP, and the letter case does not reset the count', async () => {
    const target = email();
    const codes = [];
    for (const [ip, address] of [
      ['10.0.0.1', target],
      ['10.0.0.2', target.toUpperCase()],
    ] as const) {
      codes.push((await caller(t, ip)('/api/auth/loginUser', { email: address, password: 'guess-1' })).statusCode);
    }
    expect(codes).toEqual([401, 401]);
    expect429(await caller(t, '10.0.0.3')('/api/auth/loginUser', { email: target, password: 'guess-3' }));
    // Another account from the same IPs is unaffected.
    expect(
      (await caller(t, '10.0.0.1')('/api/auth/loginUser', { email: email(), password: 'x-guess' })).statusCode,
    ).toBe(401);
  });

  it('limits login attempts per IP across many emails', async () => {
    const call = caller(t, '10.0.1.1');
    for (let i = 0; i < 4; i++)
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

  it('counts login attempts for one email across two app instances', async () => {
    const target = email();
    expect(
      (await caller(a, '10.1.0.1')('/api/auth/loginUser', { email: target, password: 'guess-1' })).statusCode,
    ).toBe(401);
    expect(
      (await caller(b, '10.1.0.2')('/api/auth/loginUser', { email: target, password: 'guess-2' })).statusCode,
    ).toBe(401);
    expect429(await caller(a, '10.1.0.3')('/api/auth/loginUser', { email: target, password: 'guess-3' }));
    expect429(await caller(b, '10.1.0.4')('/api/auth/loginUser', { email: target, password: 'guess-4' }));
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

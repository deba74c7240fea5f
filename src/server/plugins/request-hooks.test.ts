// The plugins that run on every request, each on a bare Fastify, and their order in the app: the security headers
// come first, so every refusal carries them; a closing app refuses before it looks at the address; a refused
// request leaves one log line and is never cached.
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../lib/error-handler';
import { lazyChildLoggerFactory } from '../lib/request-logger';
import { type LogLines, logLines } from '../test/log-lines';
import { anErrorBody } from '../test/matchers';
import { createTestApp, type TestApp } from '../test/test-app';
import type { CurrentUser } from './current-user';
import nulCharacters from './nul-characters';
import privateByDefault from './private-by-default';
import rateLimits from './rate-limits';
import requestLog from './request-log';
import requestTurns from './request-turns';
import securityHeaders from './security-headers';
import shuttingDown from './shutting-down';

const HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

/** A bare Fastify with the request plugins in the app's order, one route, and the app's error handler. */
async function bareApp({ stream }: LogLines = logLines()): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLoggerFactory,
    return503OnClosing: false,
  });
  installErrorHandler(app);
  await app.register(securityHeaders, { headers: { document: HEADERS, data: HEADERS } });
  await app.register(shuttingDown);
  await app.register(nulCharacters);
  await app.register(requestTurns);
  await app.register(privateByDefault);
  await app.register(requestLog);
  await app.register(rateLimits, {});
  app.post('/echo', async (request) => request.body);
  app.get('/kept', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({ ok: true }));
  app.get('/noisy', async (request) => {
    request.log.warn({ detail: 1 }, 'something to say');
    return { ok: true };
  });
  app.get('/signed-in', async (request) => {
    request.user = { id: 'user-1' } as CurrentUser;
    return { ok: true };
  });
  app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the request plugins', () => {
  let app: FastifyInstance;
  const log = logLines();
  beforeAll(async () => {
    app = await bareApp(log);
  });
  afterAll(() => app.close());

  it('set the security headers on answers, failures and unknown paths alike', async () => {
    for (const res of [
      await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } }),
      await app.inject({ method: 'POST', url: '/echo', payload: '{', headers: { 'content-type': 'application/json' } }),
      await app.inject({ url: '/nowhere' }),
    ]) {
      expect(res.headers).toMatchObject(HEADERS);
    }
  });

  it('refuse a NUL in the address or in a JSON body with 400 naming where', async () => {
    const address = await app.inject({ url: '/kept?q=a%00b' });
    expect(address.statusCode).toBe(400);
    expect(address.json()).toEqual({ error: 'The address may not contain the NUL character (U+0000): %00' });
    const body = await app.inject({ method: 'POST', url: '/echo', payload: { deep: { title: 'A\u0000B' } } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ error: 'deep.title: may not contain the NUL character (U+0000)' });
  });

  it('keep nothing in caches unless the route says so', async () => {
    expect((await app.inject({ method: 'POST', url: '/echo', payload: {} })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/kept?q=a%00b' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/kept' })).headers['cache-control']).toBe('public, max-age=60');
  });

  it('write one log line per answered request, refusals included', async () => {
    const from = (await log.settled()).length;
    await app.inject({ url: '/kept' });
    await app.inject({ url: '/kept?q=%00' });
    await app.inject({ url: '/signed-in' });
    const logged = (await log.settled()).slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
    const reqId = expect.stringMatching(/^req-/) as string;
    expect(logged.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({
        reqId,
        method: 'GET',
        url: '/kept',
        statusCode: 200,
        ms: expect.any(Number) as number,
      }),
      expect.objectContaining({ reqId, method: 'GET', url: '/kept?q=%00', statusCode: 400 }),
      expect.objectContaining({ reqId, method: 'GET', url: '/signed-in', statusCode: 200, userId: 'user-1' }),
    ]);
    // Each line names its own request, and a request with no signed-in user names none.
    const requests = logged.filter((line) => line.msg === 'request');
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(3);
    expect(requests[0]).not.toHaveProperty('userId');
  });

  it("log a route's own lines with its request's id (the request's logger is made when first used)", async () => {
    const from = (await log.settled()).length;
    await app.inject({ url: '/noisy' });
    const logged = (await log.settled()).slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
    const said = logged.find((line) => line.msg === 'something to say');
    const answered = logged.find((line) => line.msg === 'request');
    expect(said).toMatchObject({ level: 40, detail: 1, reqId: expect.stringMatching(/^req-/) as string });
    expect(answered?.reqId).toBe(said?.reqId);
  });

  it('limit the routes that ask for it with 429 saying when to try again, and count failed logins', async () => {
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(200);
    const refused = await app.inject({ url: '/limited' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(anErrorBody(/Too many requests/));
    expect(refused.headers).toMatchObject({ ...HEADERS, 'retry-after': '60' });
    expect((await app.loginFailures.add('someone', 1, 60_000)).count).toBe(1);
    expect((await app.loginFailures.add('someone', 1, 60_000)).count).toBe(2);
  });
});

describe('a closing app', () => {
  it('answers 503 {error} with the security headers and closes the connection, whatever the address', async () => {
    const app = await bareApp();
    app.shuttingDown = true;
    for (const url of ['/kept', '/kept?q=%00']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ error: 'The server is shutting down. Please try again in a moment.' });
      expect(res.headers).toMatchObject({ ...HEADERS, connection: 'close', 'retry-after': '5' });
    }
    await app.close();
  });

  it('is shutting down from the moment its close begins', async () => {
    const app = await bareApp();
    expect(app.shuttingDown).toBe(false);
    await app.close();
    expect(app.shuttingDown).toBe(true);
  });
});

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a NUL address with its security headers, uncached, and while closing refuses it as closing', async () => {
    const nul = await t.app.inject({ url: '/api/course/getCourse?q=%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(anErrorBody(/NUL/));
    expect(nul.headers['x-content-type-options']).toBe('nosniff');
    expect(nul.headers['cache-control']).toBe('no-store');
    t.app.shuttingDown = true;
    try {
      const closing = await t.app.inject({ url: '/api/course/getCourse?q=%00' });
      expect(closing.statusCode).toBe(503);
      expect(closing.json()).toEqual(anErrorBody(/shutting down/));
      expect(closing.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      t.app.shuttingDown = false;
    }
  });
});

// Public answers kept as bytes: the next request for an address is answered from them by the server's own listener,
// before Fastify, byte for byte and header for header what the route answered, compressed when asked, 304 when the
// client has it, never after the content changed (in this process or another), and never while the app is closing.
// Over real connections: `inject` goes to Fastify directly.
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '../db/schema';
import * as demoContent from '../db/seed/content';
import { seedDemoContent } from '../db/seed/seed';
import { announceContentChange } from '../plugins/content-cache';
import { logLines } from '../test/log-lines';
import { anErrorBody } from '../test/matchers';
import { type HttpCall, overHttp } from '../test/over-http';
import { createTestApp, type TestApp } from '../test/test-app';
import { CachedAnswers } from './cached-answers';

let t: TestApp;
let http: HttpCall;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, demoContent);
  http = await overHttp(t.app);
});
afterAll(() => t.close());

const COURSES = '/api/course/getCourse';
const get = (url: string, headers: Record<string, string> = {}) => http({ url, headers });
/** The headers an answer is the same by (the date and the connection are the moment's). */
const lasting = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, ...rest } = headers;
  return rest;
};

describe('catalogue reads kept as bytes', () => {
  it('answers the second request from its bytes: the same body and headers, and no route runs', async () => {
    t.app.contentChanged();
    const first = await get(COURSES);
    expect(first.statusCode).toBe(200);
    expect(t.app.cachedAnswers.keeps(COURSES)).toBe(true);
    const routeRead = vi.spyOn(t.app.readCache, 'get');
    try {
      const second = await get(COURSES);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(lasting(second.headers)).toEqual(lasting(first.headers));
      expect(routeRead).not.toHaveBeenCalled();
      // HEAD is answered the same way, without the body.
      const head = await http({ method: 'HEAD', url: COURSES });
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(first.headers.etag);
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
      expect(head.body).toBe('');
    } finally {
      routeRead.mockRestore();
    }
  });

  it('answers 304 with no body to a client that has it', async () => {
    const { headers } = await get(COURSES);
    const res = await get(COURSES, { 'if-none-match': headers.etag as string });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(headers.etag);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the compressed form a client asks for, made once', async () => {
    const plain = (await get(COURSES)).body;
    expect(Buffer.byteLength(plain)).toBeGreaterThan(1024);
    for (const [encoding, unzip] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      await vi.waitFor(async () => {
        const res = await get(COURSES, { 'accept-encoding': `${encoding};q=1, identity;q=0.5` });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
        expect(unzip(res.rawPayload).toString()).toBe(plain);
      });
    }
    const identity = await get(COURSES, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('forgets every answer when the content changes, here or in another process', async () => {
    const [first] = (await get(COURSES)).json<{ _id: string; title: string }[]>();
    // The Studio's own way: the write and its notification commit together; every process listening clears.
    await t.database.db.transaction(async (tx) => {
      await tx.update(courses).set({ title: 'Renamed in the Studio' }).where(eq(courses.id, first._id));
      await announceContentChange(tx);
    });
    await vi.waitFor(async () => {
      const [renamed] = (await get(COURSES)).json<{ title: string }[]>();
      expect(renamed.title).toBe('Renamed in the Studio');
    });
    await t.database.db.update(courses).set({ title: first.title }).where(eq(courses.id, first._id));
    t.app.contentChanged();
    expect(t.app.cachedAnswers.keeps(COURSES)).toBe(false);
    const [back] = (await get(COURSES)).json<{ title: string }[]>();
    expect(back.title).toBe(first.title);
  });

  it('writes each kept answer its request log line, with the security headers it was first sent with', async () => {
    const { settled, stream } = logLines();
    const logged = await createTestApp({ logger: { level: 'info', stream } });
    try {
      await seedDemoContent(logged.database.db, demoContent);
      const call = await overHttp(logged.app);
      const first = await call({ url: COURSES });
      expect(first.headers['content-security-policy']).toBeTruthy();
      expect(logged.app.cachedAnswers.keeps(COURSES)).toBe(true);
      const kept = await call({ url: COURSES });
      const head = await call({ method: 'HEAD', url: COURSES });
      const after = await call({ url: '/api/health' });
      expect(lasting(kept.headers)).toEqual(lasting(first.headers));
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
      const requests = (await settled())
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === 'request');
      expect(requests.map(({ method, url, statusCode }) => ({ method, url, statusCode }))).toEqual([
        { method: 'GET', url: COURSES, statusCode: 200 },
        { method: 'GET', url: COURSES, statusCode: 200 },
        { method: 'HEAD', url: COURSES, statusCode: 200 },
        { method: 'GET', url: '/api/health', statusCode: after.statusCode },
      ]);
      // One sequence of request ids, whether Fastify answered or the kept bytes did.
      const ids = requests.map((line) => line.reqId);
      expect(ids.every((id) => typeof id === 'string' && /^req-[0-9a-z]+$/.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(requests.every((line) => typeof line.ms === 'number')).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('answers nothing from kept bytes while the app closes: a kept address is refused as closing', async () => {
    await get(COURSES);
    expect(t.app.cachedAnswers.keeps(COURSES)).toBe(true);
    t.app.shuttingDown = true;
    try {
      const closing = await get(COURSES);
      expect(closing.statusCode).toBe(503);
      expect(closing.json()).toEqual(anErrorBody(/shutting down/));
      expect(closing.headers.connection).toBe('close');
      expect(closing.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      t.app.shuttingDown = false;
    }
  });

  it('keeps no address with a query, and none that failed', async () => {
    t.app.contentChanged();
    expect((await get(`${COURSES}?page=2`)).statusCode).toBe(200);
    expect((await get('/api/lession/getLessionList/not-a-course')).statusCode).toBe(404);
    expect(t.app.cachedAnswers.size).toBe(0);
  });
});

describe('CachedAnswers', () => {
  const request = (url: string) => ({ url, headers: {} }) as unknown as FastifyRequest;
  const answer = { body: '{"a":1}', etag: 'W/"a"', headers: { etag: 'W/"a"' } };

  it('does not keep an answer made from content read before a change', () => {
    const answers = new CachedAnswers();
    const before = request('/a');
    answers.begin(before);
    answers.clear();
    answers.keep(before, answer);
    expect(answers.keeps('/a')).toBe(false);
    const after = request('/a');
    answers.begin(after);
    answers.keep(after, answer);
    expect(answers.keeps('/a')).toBe(true);
  });

  it('keeps nothing while off, and is bounded', () => {
    const answers = new CachedAnswers(3);
    answers.setEnabled(false);
    const off = request('/off');
    answers.begin(off);
    answers.keep(off, answer);
    expect(answers.size).toBe(0);
    answers.setEnabled(true);
    for (let i = 0; i < 10; i++) {
      const each = request(`/${i}`);
      answers.begin(each);
      answers.keep(each, answer);
    }
    expect(answers.size).toBeLessThanOrEqual(3);
  });

  it('drops its answers past its byte budget', () => {
    const answers = new CachedAnswers(100, 10);
    for (let i = 0; i < 5; i++) {
      const each = request(`/${i}`);
      answers.begin(each);
      answers.keep(each, answer);
      // Each body is 7 bytes: a second fits under 10, a third starts afresh.
      expect(answers.heldBytes).toBeLessThanOrEqual(14);
    }
    expect(answers.size).toBe(1);
    expect(answers.keeps('/4')).toBe(true);
  });
});

// No text the app takes in may hold the NUL character: a JSON body, a path or a query holding one is refused with
// 400 naming where, before any route stores anything (PostgreSQL cannot store a NUL and answered 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './test/factories';
import { courseBody, studioTestApp } from './modules/studio/studio-test-kit';
import { call, errorOf } from './test/kit';
import type { TestApp } from './test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  ({ t, admin } = await studioTestApp());
});
afterAll(() => t.close());

const courseCount = async () => (await call(t.app, 'GET', '/api/studio/courses', admin)).json<unknown[]>().length;

describe('a NUL character', () => {
  it.each([
    ['a URL field', { cover: '/media/uploads/cover.png\u0000' }, 'cover'],
    ['a title', { title: 'A\u0000B' }, 'title'],
    ['a field of its own name', { ['ti\u0000tle']: 'x' }, 'ti\u0000tle'],
  ])('in %s of a JSON body: 400 naming the field, nothing stored', async (_what, overrides, field) => {
    const before = await courseCount();
    const res = await call(t.app, 'POST', '/api/studio/courses', admin, { ...courseBody(), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`${field}: may not contain the NUL character (U+0000)`);
    expect(await courseCount()).toBe(before);
  });

  it('deep in a JSON body, on any route: 400 naming the path', async () => {
    for (const [url, payload, path] of [
      ['/api/studio/courses', courseBody({ description: '<p>x\u0000</p>' }), 'description'],
      ['/api/studio/tutorials', { title: 'T', image: '/media/uploads/a.png\u0000', content: '<p>x</p>' }, 'image'],
      ['/api/bug/addbug', { title: 'T', description: '<p>x</p>', tags: ['ok', 'no\u0000'] }, 'tags.1'],
    ] as const) {
      const res = await call(t.app, 'POST', url, admin, payload);
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res)).toBe(`${path}: may not contain the NUL character (U+0000)`);
    }
  });

  it('as the whole JSON body: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginUser',
      headers: { 'content-type': 'application/json' },
      payload: '"\\u0000"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'request body: may not contain the NUL character (U+0000)' });
  });

  it.each([
    ['a path parameter', '/api/search/a%00b'],
    ['a query value', '/api/studio/users?q=%00'],
    ['a query name', '/api/studio/users?q%00=x'],
    ['a page path', '/course/%00'],
  ])('in %s: 400', async (_what, url) => {
    const res = await call(t.app, 'GET', url, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The address may not contain the NUL character (U+0000): %00' });
  });

  it('is told apart from the text \\u0000 (a backslash, then u0000), which is kept as typed', async () => {
    const res = await call(t.app, 'POST', '/api/studio/courses', admin, courseBody({ title: 'Escapes like \\u0000' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ title: string }>().title).toBe('Escapes like \\u0000');
  });

  it('leaves ordinary bodies and their errors alone', async () => {
    const ok = await call(t.app, 'POST', '/api/studio/courses', admin, courseBody());
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginUser',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "\\u0000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The request body is not valid JSON' });
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginUser',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

// What browsers and proxies may keep: nothing that carries a token or a user's own data (no-store), and the public
// catalogue reads a short shared cache with an ETag, answered 304 when the client already has them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult, Course } from '../shared/contract';
import { users } from './db/schema';
import { seedDemoContent } from './db/seed/seed';
import { memoryMailer } from './lib/mailer';
import { PUBLIC_READ_CACHE_CONTROL } from './lib/http-cache';
import { hashPassword } from './modules/auth/auth.service';
import { courseBody } from './modules/studio/studio-test-kit';
import { createUser, type TestUser } from './test/factories';
import { fixtureContent } from './test/fixtures';
import { authHeaders } from './test/kit';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp({ outbox: { mailer: memoryMailer(), pollMs: 0 } });
  await seedDemoContent(t.database.db, fixtureContent);
  user = await createUser(t.database.db);
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword('secret-pass') })
    .where(eq(users.id, user.id));
  admin = await createUser(t.database.db, { role: 'admin' });
  courseId = (await t.app.inject({ url: '/api/course/getCourse' })).json<Course[]>()[0]._id;
});
afterAll(() => t.close());

describe('no-store on everything private', () => {
  it('on the login answer that carries the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginUser',
      payload: { email: user.email, password: 'secret-pass' },
    });
    expect(res.json<AuthResult>().authToken).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/bug/getbug'],
    ['GET', '/api/auth/me'],
    ['GET', '/api/search/Course'],
    ['GET', '/api/studio/courses'],
    ['POST', '/api/auth/logout'],
  ] as const)('on %s %s', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: authHeaders(url.startsWith('/api/studio') ? admin : user) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('on writes, failures and the account calls', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'nobody@example.test' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/loginUser', payload: { email: user.email, password: 'wrong-1' } }),
      t.app.inject({ url: '/api/lession/getLessionList/not-a-course' }),
      t.app.inject({ url: '/api/bug/getbug' }),
      t.app.inject({ method: 'POST', url: '/api/lession/getcomment', payload: { lession: 'x' } }),
    ]);
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});

describe('public catalogue reads', () => {
  const reads = () => [
    '/api/course/getCourse',
    `/api/lession/getLessionList/${courseId}`,
    '/api/tutorial/getTutorial',
    '/api/blog/getBlog',
  ];

  it('get a short public cache and an ETag, and 304 when If-None-Match names it', async () => {
    for (const url of reads()) {
      const first = await t.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_READ_CACHE_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);

      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe(PUBLIC_READ_CACHE_CONTROL);
      expect(again.headers['content-security-policy'], url).toBeTruthy();

      const other = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
      expect(other.statusCode, url).toBe(200);
    }
  });

  it('are the same for a signed-in reader, so a shared cache may keep them', async () => {
    const anonymous = await t.app.inject({ url: '/api/course/getCourse' });
    const signedIn = await t.app.inject({ url: '/api/course/getCourse', headers: authHeaders(user) });
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
  });

  it('get a new ETag when the content changes', async () => {
    const before = await t.app.inject({ url: '/api/course/getCourse' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/studio/courses',
      headers: authHeaders(admin),
      payload: courseBody({ status: 'published' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = await t.app.inject({
      url: '/api/course/getCourse',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

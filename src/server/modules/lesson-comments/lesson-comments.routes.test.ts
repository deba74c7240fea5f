import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, type Course, type CourseWithLessons, comment } from '../../../shared/contract';
import { seedDemoContent } from '../../db/seed/seed';
import { createComments, createUser, type TestUser } from '../../test/factories';
import { fixtureContent } from '../../test/fixtures';
import { anErrorBody, type ErrorBody } from '../../test/matchers';
import { authHeaders, callerOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { COMMENTS_MAX } from './lesson-comments.service';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let lessonA1: string;
let lessonA2: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, fixtureContent);
  alice = await createUser(t.database.db, { name: 'Alice Author' });
  bob = await createUser(t.database.db, { name: 'Bobby Other' });
  [lessonA1, lessonA2] = await lessonIds(0);
});
afterAll(() => t.close());

/** The lesson ids, in order, of the catalogue's `index`-th course. */
async function lessonIds(index: number): Promise<string[]> {
  const courses = (await t.app.inject({ method: 'GET', url: '/api/course/getCourse' })).json<Course[]>();
  const url = `/api/lession/getLessionList/${courses[index]._id}`;
  return (await t.app.inject({ method: 'GET', url })).json<CourseWithLessons>().lessonlist.map((l) => l._id);
}

const call = callerOf(() => t.app);
const add = (user: TestUser | undefined, payload: unknown) => call('POST', '/api/lession/addcomment', user, payload);
const list = (lession: unknown) => call('POST', '/api/lession/getcomment', undefined, { lession });
const remove = (user: TestUser | undefined, id: string) =>
  call('DELETE', `/api/lession/deletecomment/${encodeURIComponent(id)}`, user);

async function addOk(user: TestUser, lession: string, content: string) {
  const res = await add(user, { lession, content });
  expect(res.statusCode, res.body).toBe(200);
  return comment.strict().parse(res.json());
}

describe('POST /api/lession/addcomment', () => {
  it('answers the new comment with its author, sanitized', async () => {
    const res = await add(alice, { lession: lessonA1, content: '<p>Great <b>lesson</b><script>alert(1)</script></p>' });
    expect(res.statusCode).toBe(200);
    const body = comment.strict().parse(res.json());
    expect(body.content).toBe('<p>Great <b>lesson</b></p>');
    expect(body.user).toEqual({ _id: alice.id, name: 'Alice Author', profilePublic: false });
    expect(new Date(body.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['no token', {}],
    ['a malformed token', { 'auth-token': 'abc' }],
    ['an unknown token', { 'auth-token': 'A'.repeat(43) }],
  ])('answers 401 with %s', async (_name, hdrs) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lession/addcomment',
      headers: hdrs,
      payload: { lession: lessonA1, content: '<p>hi</p>' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(anErrorBody());
  });

  it('answers 401 for an expired session', async () => {
    const expired = await createUser(t.database.db, { sessionExpiresAt: new Date(Date.now() - 1000) });
    expect((await add(expired, { lession: lessonA1, content: '<p>hi</p>' })).statusCode).toBe(401);
  });

  it.each(['', '   ', '<p></p>', '<p>&nbsp;</p>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>'])(
    'answers 400 for content %j that is empty after sanitizing',
    async (content) => {
      const res = await add(alice, { lession: lessonA1, content });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toMatch(/content/);
    },
  );

  it.each([UNKNOWN, 'nope', "1' or 1=1 --", 'a'.repeat(100)])(
    'answers 404 for the unknown lesson %s',
    async (lession) => {
      const res = await add(alice, { lession, content: '<p>hi</p>' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Lesson not found' });
    },
  );

  it.each([
    [{ content: '<p>x</p>' }, /lession/],
    [{ lession: 'x' }, /content/],
    [{ lession: 5, content: '<p>x</p>' }, /lession/],
    [{ lession: 'x', content: ['<p>x</p>'] }, /content/],
    [{ lession: 'x', content: null }, /content/],
    [{ lession: 'a'.repeat(101), content: '<p>x</p>' }, /lession/],
    [{ lession: 'x', content: 'a'.repeat(20_001) }, /content/],
    [[], /body|expected object/i],
  ])('answers 400 naming the field for the body %j', async (payload, field) => {
    const res = await add(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatch(field);
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/lession/addcomment',
      headers: { ...authHeaders(alice), 'content-type': 'application/json' },
      payload: '{"lession": "x", "content": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(anErrorBody());
    const huge = await add(alice, { lession: lessonA1, content: 'x'.repeat(300 * 1024) });
    expect(huge.statusCode).toBe(413);
  });

  it.each(['"just a string"', '42', 'null', 'true'])('answers 400 for the JSON body %s', async (raw) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lession/addcomment',
      headers: { ...authHeaders(alice), 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(anErrorBody());
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lession/addcomment',
      headers: { ...authHeaders(alice), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lession=x&content=y',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(anErrorBody());
  });

  it('accepts content at the limit', async () => {
    const content = `<p>${'y'.repeat(20_000 - 7)}</p>`;
    const saved = await addOk(alice, lessonA2, content);
    expect(saved.content).toBe(content);
  });
});

describe('POST /api/lession/getcomment', () => {
  it('lists the comments of one lesson, newest first, without a token', async () => {
    const first = await addOk(bob, lessonA1, '<p>first</p>');
    const second = await addOk(alice, lessonA1, '<p>second</p>');
    const res = await list(lessonA1);
    expect(res.statusCode).toBe(200);
    const body = res.json<Comment[]>();
    for (const c of body) comment.strict().parse(c);
    const ids = body.map((c) => c._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids[0]).toBe(second._id);
    const otherLesson = (await list(lessonA2)).json<Comment[]>();
    expect(otherLesson.map((c) => c.content)).not.toContain('<p>first</p>');
  });

  it('answers [] for a lesson without comments and 404 for an unknown or malformed lesson', async () => {
    const [firstOfB] = await lessonIds(1);
    const res = await list(firstOfB);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    for (const id of [UNKNOWN, 'x', '../../etc/passwd']) {
      const missing = await list(id);
      expect(missing.statusCode, id).toBe(404);
    }
    expect((await list(42)).statusCode).toBe(400);
  });

  it(`answers at most ${COMMENTS_MAX} comments, the newest`, async () => {
    const [lessonId] = await lessonIds(1);
    const base = Date.now() - 1_000_000;
    await createComments(
      t.database.db,
      Array.from({ length: COMMENTS_MAX + 5 }, (_, i) => ({
        lessonId,
        userId: bob.id,
        content: `<p>bulk ${i}</p>`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const body = (await list(lessonId)).json<Comment[]>();
    expect(body).toHaveLength(COMMENTS_MAX);
    expect(body[0].content).toBe(`<p>bulk ${COMMENTS_MAX + 4}</p>`);
    expect(body.at(-1)?.content).toBe('<p>bulk 5</p>');
  });
});

describe('DELETE /api/lession/deletecomment/:id', () => {
  it('lets only the author delete: no token 401, another user 403, the author 200, then 404', async () => {
    const mine = await addOk(alice, lessonA1, '<p>delete me</p>');
    expect((await remove(undefined, mine._id)).statusCode).toBe(401);
    const other = await remove(bob, mine._id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(anErrorBody());
    expect((await list(lessonA1)).json<Comment[]>().map((c) => c._id)).toContain(mine._id);

    const own = await remove(alice, mine._id);
    expect(own.statusCode).toBe(200);
    expect(comment.strict().parse(own.json())._id).toBe(mine._id);
    expect((await list(lessonA1)).json<Comment[]>().map((c) => c._id)).not.toContain(mine._id);
    expect((await remove(alice, mine._id)).statusCode).toBe(404);
  });

  it.each([UNKNOWN, 'nope', '%27%20or%201%3D1', 'a'.repeat(100)])('answers 404 for the unknown id %s', async (id) => {
    const res = await remove(alice, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(anErrorBody());
  });
});

describe('write rate limit', () => {
  it('answers 429 after 30 writes a minute from one user, and counts users apart', async () => {
    const busy = await createUser(t.database.db);
    const calm = await createUser(t.database.db);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await add(busy, { lession: lessonA2, content: `<p>${i}</p>` })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    const limited = await add(busy, { lession: lessonA2, content: '<p>again</p>' });
    expect(limited.json()).toEqual(anErrorBody(/Too many requests/));
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await add(calm, { lession: lessonA2, content: '<p>calm</p>' })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Course,
  type CourseWithLessons,
  courseCard,
  courseWithLessons,
  lessonPage,
} from '../../../shared/contract';
import { seedDemoContent } from '../../db/seed/seed';
import { securityHeaders } from '../../lib/security-headers';
import { fixtureContent } from '../../test/fixtures';
import { anErrorBody, type ErrorBody } from '../../test/matchers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, fixtureContent);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function courseIds() {
  const res = await get('/api/course/getCourse');
  return res.json<Course[]>().map((c) => c._id);
}

describe('GET /api/course/getCourse', () => {
  it('lists the courses in catalogue order with the spec fields', async () => {
    const res = await get('/api/course/getCourse');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<Course[]>();
    expect(body.map((c) => c.title)).toEqual(['Course A', 'Course B', 'Course C']);
    // The specified fields, and the number of lessons and their total duration.
    for (const c of body) expect(courseCard.strict().parse(c)).toEqual(c);
    expect(body.map((c) => (c as { lessonCount?: number }).lessonCount)).toEqual([3, 1, 0]);
  });
});

describe('GET /api/lession/getLessionList/:courseId', () => {
  it('answers the course with its lessons in order', async () => {
    const [a] = await courseIds();
    const res = await get(`/api/lession/getLessionList/${a}`);
    expect(res.statusCode).toBe(200);
    const body = courseWithLessons.strict().parse(res.json());
    expect(body.title).toBe('Course A');
    expect(body.lessonlist.map((l) => l.title)).toEqual(['A1', 'A2', 'A3']);
  });

  it('answers an empty lesson list for a course without lessons', async () => {
    const ids = await courseIds();
    const res = await get(`/api/lession/getLessionList/${ids[2]}`);
    expect(res.json<CourseWithLessons>().lessonlist).toEqual([]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1", '%00', 'a'.repeat(90)])(
    'answers 404 JSON for the unknown or malformed id %s',
    async (id) => {
      const res = await get(`/api/lession/getLessionList/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(anErrorBody());
    },
  );
});

describe('GET /api/lession/getLession/:courseId/:lessonId', () => {
  it('answers course[0] = the lesson and lessionList in order', async () => {
    const [a] = await courseIds();
    const list = (await get(`/api/lession/getLessionList/${a}`)).json<CourseWithLessons>();
    const second = list.lessonlist[1];
    const res = await get(`/api/lession/getLession/${a}/${second._id}`);
    expect(res.statusCode).toBe(200);
    const body = lessonPage.strict().parse(res.json());
    expect(body.course).toEqual([second]);
    expect(body.lessionList.map((l) => l.title)).toEqual(['A1', 'A2', 'A3']);
    // When the lesson shown last changed (the lesson page's VideoObject takes its uploadDate from it).
    expect(new Date(body.updatedAt).toISOString()).toBe(body.updatedAt);
  });

  it('answers 404 for a lesson of another course, an unknown lesson or a malformed id', async () => {
    const [a, b] = await courseIds();
    const lessonOfB = (await get(`/api/lession/getLessionList/${b}`)).json<CourseWithLessons>().lessonlist[0]._id;
    for (const url of [
      `/api/lession/getLession/${a}/${lessonOfB}`,
      `/api/lession/getLession/${a}/00000000-0000-4000-8000-000000000000`,
      `/api/lession/getLession/${a}/xyz`,
      `/api/lession/getLession/nope/${lessonOfB}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ErrorBody>().error).toEqual(expect.any(String));
    }
  });
});

describe('unknown API paths and security headers', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    const res = await get('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/nothing/here' });
  });

  it('sends the security headers on every response; an API answer is data, whose policy allows nothing', async () => {
    const page = await get('/course');
    const api = await get('/api/course/getCourse');
    const missing = await get('/api/nothing');
    for (const res of [page, api, missing]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    // Every header but the policy is the same on both kinds of answer: all that helmet sends, as the app configures it.
    const names = new Set(Object.keys((await securityHeaders()).data));
    const without = (headers: Record<string, unknown>) =>
      Object.keys(headers).filter((name) => names.has(name) && name !== 'content-security-policy');
    expect(without(api.headers)).toEqual(without(page.headers));
    expect(without(api.headers)).toHaveLength(names.size - 1);
    for (const res of [api, missing]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

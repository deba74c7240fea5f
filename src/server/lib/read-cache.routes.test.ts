// Every cached read answers what its route's response schema makes of the service's value, on the load and on
// every hit: a column a service returns by mistake never reaches a reader. The services here are the real ones,
// each answer given an extra secret field on every object, as a careless query would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { blog, courseCard, courseWithLessons, lessonPage, tutorial } from '../../shared/contract';
import { courseProgress, myLearning } from '../../shared/progress';
import { seedDemoContent } from '../db/seed/seed';
import * as blogs from '../modules/blogs/blogs.service';
import * as courses from '../modules/courses/courses.service';
import * as progress from '../modules/progress/progress-reads.service';
import * as tutorials from '../modules/tutorials/tutorials.service';
import { createUser, type TestUser } from '../test/factories';
import { fixtureContent } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { schemaSerializer } from './read-cache';

const SECRET = 'passwordHash';
/** How often each wrapped load ran: a route that stopped calling one would otherwise pass without being tested. */
const loaded = new Map<string, number>();

/** The value with the secret field added to every object in it. */
function withSecret(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSecret);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = { [SECRET]: '$argon2id$not-for-readers' };
  for (const [key, field] of Object.entries(value)) copy[key] = withSecret(field);
  return copy;
}

function leaky<A extends unknown[], R>(name: string, load: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    loaded.set(name, (loaded.get(name) ?? 0) + 1);
    return withSecret(await load(...args)) as R;
  };
}

vi.mock('../modules/courses/courses.service', async (original) => {
  const real = await original<typeof courses>();
  return {
    ...real,
    listCourses: leaky('listCourses', real.listCourses),
    getCourseWithLessons: leaky('getCourseWithLessons', real.getCourseWithLessons),
    getLessonPage: leaky('getLessonPage', real.getLessonPage),
  };
});
vi.mock('../modules/blogs/blogs.service', async (original) => {
  const real = await original<typeof blogs>();
  return { ...real, listBlogs: leaky('listBlogs', real.listBlogs), getBlog: leaky('getBlog', real.getBlog) };
});
vi.mock('../modules/tutorials/tutorials.service', async (original) => {
  const real = await original<typeof tutorials>();
  return {
    ...real,
    listTutorials: leaky('listTutorials', real.listTutorials),
    getTutorial: leaky('getTutorial', real.getTutorial),
  };
});
vi.mock('../modules/progress/progress-reads.service', async (original) => {
  const real = await original<typeof progress>();
  return {
    ...real,
    courseProgress: leaky('courseProgress', real.courseProgress),
    myLearning: leaky('myLearning', real.myLearning),
  };
});

let t: TestApp;
let ada: TestUser;
let courseId = '';
let lessonId = '';
let blogId = '';
let tutorialId = '';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await seedDemoContent(db, fixtureContent);
  ada = await createUser(db);
  [{ _id: courseId }] = await courses.listCourses(db);
  const course = await courses.getCourseWithLessons(db, courseId);
  lessonId = course?.lessonlist[0]?._id ?? '';
  [{ _id: blogId }] = await blogs.listBlogs(db);
  [{ _id: tutorialId }] = await tutorials.listTutorials(db);
  // Some progress, so the learner's list of courses has an entry.
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/progress/${lessonId}/complete`,
    headers: { 'auth-token': ada.token },
    payload: { completed: true },
  });
  expect(res.statusCode).toBe(200);
  loaded.clear();
});
afterAll(() => t.close());

interface CachedRead {
  url: () => string;
  load: string;
  schema: z.ZodType;
  value: () => Promise<unknown>;
  signedIn?: boolean;
}

const db = () => t.database.db;
const reads: [string, CachedRead][] = [
  [
    'the course list',
    {
      url: () => '/api/course/getCourse',
      load: 'listCourses',
      schema: z.array(courseCard),
      value: () => courses.listCourses(db()),
    },
  ],
  [
    'a course with its lessons',
    {
      url: () => `/api/lession/getLessionList/${courseId}`,
      load: 'getCourseWithLessons',
      schema: courseWithLessons,
      value: () => courses.getCourseWithLessons(db(), courseId),
    },
  ],
  [
    'a lesson page',
    {
      url: () => `/api/lession/getLession/${courseId}/${lessonId}`,
      load: 'getLessonPage',
      schema: lessonPage,
      value: () => courses.getLessonPage(db(), courseId, lessonId),
    },
  ],
  [
    'the blog list',
    { url: () => '/api/blog/getBlog', load: 'listBlogs', schema: z.array(blog), value: () => blogs.listBlogs(db()) },
  ],
  [
    'a blog post',
    {
      url: () => `/api/blog/getBlogDetail/${blogId}`,
      load: 'getBlog',
      schema: z.array(blog),
      value: () => blogs.getBlog(db(), blogId),
    },
  ],
  [
    'the tutorial list',
    {
      url: () => '/api/tutorial/getTutorial',
      load: 'listTutorials',
      schema: z.array(tutorial),
      value: () => tutorials.listTutorials(db()),
    },
  ],
  [
    'a tutorial',
    {
      url: () => `/api/tutorial/getTutorialDetail/${tutorialId}`,
      load: 'getTutorial',
      schema: z.array(tutorial),
      value: () => tutorials.getTutorial(db(), tutorialId),
    },
  ],
  [
    "a learner's progress in a course",
    {
      url: () => `/api/progress/course/${courseId}`,
      load: 'courseProgress',
      schema: courseProgress,
      value: () => progress.courseProgress(db(), ada.id, courseId),
      signedIn: true,
    },
  ],
  [
    "a learner's courses",
    {
      url: () => '/api/progress',
      load: 'myLearning',
      schema: myLearning,
      value: () => progress.myLearning(db(), ada.id),
      signedIn: true,
    },
  ],
];

describe('cached reads answer through their response schema', () => {
  it.each(reads)('%s: the first answer and the cached one are what the schema makes of the value', async (_, read) => {
    const headers = read.signedIn ? { 'auth-token': ada.token } : {};
    const value = await read.value();
    expect(JSON.stringify(value)).toContain(SECRET);
    const expected = schemaSerializer(read.schema)(value);
    loaded.delete(read.load);
    for (const turn of ['loaded', 'cached']) {
      const res = await t.app.inject({ method: 'GET', url: read.url(), headers });
      expect(res.statusCode, turn).toBe(200);
      expect(res.body, turn).not.toContain(SECRET);
      expect(res.body, turn).toBe(expected);
      // Loaded once, by the first request; the second is a hit.
      expect(loaded.get(read.load), turn).toBe(1);
    }
  });
});

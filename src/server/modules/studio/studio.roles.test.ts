// The role matrix: every Studio call × no token (401), a learner (403), an author and an admin. Authors
// and admins may use the content calls (the items here are the author's own); users and the audit are admins'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { call, type Method } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  addLesson,
  blogBody,
  courseBody,
  postBlog,
  postCourse,
  postTutorial,
  lessonBody,
  tutorialBody,
} from './studio-test-kit';

let t: TestApp;
const users = {} as Record<'learner' | 'author' | 'admin', TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  users.learner = await createUser(t.database.db);
  users.author = await createUser(t.database.db, { role: 'author' });
  users.admin = await createUser(t.database.db, { role: 'admin' });
});
afterAll(() => t.close());

interface Request {
  method: Method;
  url: string;
  payload?: object;
}
interface StudioCall {
  name: string;
  adminOnly?: boolean;
  /** Makes what the call acts on (owned by the author) and answers the request. */
  prepare(): Promise<Request>;
}

const ownCourse = () => postCourse(t.app, users.author);
const ownLessons = async () => {
  const course = await ownCourse();
  const first = await addLesson(t.app, users.author, course._id);
  const second = await addLesson(t.app, users.author, course._id);
  return { course, first, second };
};

const itemCalls = (kind: 'tutorials' | 'blogs', make: () => Promise<{ _id: string; version: number }>, body: object) =>
  [
    { name: `GET /api/studio/${kind}`, prepare: async () => ({ method: 'GET', url: `/api/studio/${kind}` }) },
    {
      name: `POST /api/studio/${kind}`,
      prepare: async () => ({ method: 'POST', url: `/api/studio/${kind}`, payload: body }),
    },
    {
      name: `GET /api/studio/${kind}/{id}`,
      prepare: async () => ({ method: 'GET', url: `/api/studio/${kind}/${(await make())._id}` }),
    },
    {
      name: `PATCH /api/studio/${kind}/{id}`,
      prepare: async () => {
        const item = await make();
        return {
          method: 'PATCH',
          url: `/api/studio/${kind}/${item._id}`,
          payload: { title: 'Renamed', version: item.version },
        };
      },
    },
    {
      name: `DELETE /api/studio/${kind}/{id}`,
      prepare: async () => ({ method: 'DELETE', url: `/api/studio/${kind}/${(await make())._id}` }),
    },
  ] satisfies StudioCall[];

const CALLS: StudioCall[] = [
  { name: 'GET /api/studio/courses', prepare: async () => ({ method: 'GET', url: '/api/studio/courses' }) },
  {
    name: 'POST /api/studio/courses',
    prepare: async () => ({ method: 'POST', url: '/api/studio/courses', payload: courseBody() }),
  },
  {
    name: 'GET /api/studio/courses/{id}',
    prepare: async () => ({ method: 'GET', url: `/api/studio/courses/${(await ownCourse())._id}` }),
  },
  {
    name: 'PATCH /api/studio/courses/{id}',
    prepare: async () => {
      const course = await ownCourse();
      return {
        method: 'PATCH',
        url: `/api/studio/courses/${course._id}`,
        payload: { status: 'published', version: course.version },
      };
    },
  },
  {
    name: 'DELETE /api/studio/courses/{id}',
    prepare: async () => ({ method: 'DELETE', url: `/api/studio/courses/${(await ownCourse())._id}` }),
  },
  {
    name: 'POST /api/studio/courses/{id}/lessons',
    prepare: async () => ({
      method: 'POST',
      url: `/api/studio/courses/${(await ownCourse())._id}/lessons`,
      payload: lessonBody(),
    }),
  },
  {
    name: 'PUT /api/studio/courses/{id}/lesson-order',
    prepare: async () => {
      const { course, first, second } = await ownLessons();
      return {
        method: 'PUT',
        url: `/api/studio/courses/${course._id}/lesson-order`,
        payload: { ids: [second._id, first._id] },
      };
    },
  },
  {
    name: 'PATCH /api/studio/lessons/{id}',
    prepare: async () => {
      const { first } = await ownLessons();
      return { method: 'PATCH', url: `/api/studio/lessons/${first._id}`, payload: { title: 'New', version: 1 } };
    },
  },
  {
    name: 'DELETE /api/studio/lessons/{id}',
    prepare: async () => ({ method: 'DELETE', url: `/api/studio/lessons/${(await ownLessons()).first._id}` }),
  },
  ...itemCalls('tutorials', () => postTutorial(t.app, users.author), tutorialBody()),
  ...itemCalls('blogs', () => postBlog(t.app, users.author), blogBody()),
  {
    name: 'GET /api/studio/users',
    adminOnly: true,
    prepare: async () => ({ method: 'GET', url: '/api/studio/users?q=tester' }),
  },
  {
    name: 'PUT /api/studio/users/{id}/role',
    adminOnly: true,
    prepare: async () => {
      const someone = await createUser(t.database.db);
      return { method: 'PUT', url: `/api/studio/users/${someone.id}/role`, payload: { role: 'author' } };
    },
  },
  {
    name: 'GET /api/studio/audit',
    adminOnly: true,
    prepare: async () => ({ method: 'GET', url: '/api/studio/audit' }),
  },
];

const ROLES = ['none', 'learner', 'author', 'admin'] as const;
const expected = (c: StudioCall, role: (typeof ROLES)[number]) =>
  role === 'none' ? 401 : role === 'learner' ? 403 : role === 'author' && c.adminOnly ? 403 : 200;

describe('the Studio role matrix', () => {
  it('covers every Studio call of the issue', () => {
    expect(CALLS).toHaveLength(22);
    expect(new Set(CALLS.map((c) => c.name)).size).toBe(CALLS.length);
  });

  const cases = CALLS.flatMap((c) => ROLES.map((role) => [c.name, role, expected(c, role), c] as const));
  it.each(cases)('%s as %s answers %i', async (_name, role, status, studioCall) => {
    const { method, url, payload } = await studioCall.prepare();
    const res = await call(t.app, method, url, role === 'none' ? undefined : users[role], payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    if (status !== 200) expect(Object.keys(res.json<object>())).toEqual(['error']);
  });
});

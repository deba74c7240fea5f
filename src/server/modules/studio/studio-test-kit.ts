// What the Studio's tests share: an app with an admin and two authors, valid bodies to start from, and items
// made through the Studio's own calls.
import type { FastifyInstance } from 'fastify';
import type {
  CreateBlogBody,
  CreateCourseBody,
  CreateLessonBody,
  CreateTutorialBody,
  StudioBlog,
  StudioCourse,
  StudioLesson,
  StudioTutorial,
} from '../../../shared/studio';
import { seedDemoContent } from '../../db/seed/seed';
import { createUser, type TestUser } from '../../test/factories';
import { fixtureContent } from '../../test/fixtures';
import { call } from '../../test/kit';
import { createTestApp } from '../../test/test-app';

/** A fresh app with an admin, Ada, and two authors, Alice and Bob; with the demo catalogue when `seed`. */
export async function studioTestApp({ seed = false } = {}) {
  const t = await createTestApp();
  if (seed) await seedDemoContent(t.database.db, fixtureContent);
  const admin = await createUser(t.database.db, { name: 'Ada Admin', role: 'admin' });
  const alice = await createUser(t.database.db, { name: 'Alice Author', role: 'author' });
  const bob = await createUser(t.database.db, { name: 'Bob Author', role: 'author' });
  return { t, admin, alice, bob };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const courseBody = (overrides: Partial<CreateCourseBody> = {}): CreateCourseBody => ({
  title: `Course ${unique()}`,
  description: '<p>What this course teaches</p>',
  cover: '/media/uploads/cover.png',
  ...overrides,
});
export const lessonBody = (overrides: Partial<CreateLessonBody> = {}): CreateLessonBody => ({
  title: `Lesson ${unique()}`,
  link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  description: '<p>What this lesson shows</p>',
  ...overrides,
});
export const tutorialBody = (overrides: Partial<CreateTutorialBody> = {}): CreateTutorialBody => ({
  title: `Tutorial ${unique()}`,
  image: '/media/uploads/image.png',
  content: '<h2>Step one</h2><p>Do this</p>',
  ...overrides,
});
export const blogBody = (overrides: Partial<CreateBlogBody> = {}): CreateBlogBody => ({
  title: `Post ${unique()}`,
  content: '<p>News</p>',
  ...overrides,
});

/** Creating through the Studio's calls, as `user` would (the factories insert rows directly instead), failing
 *  loudly when the call does not answer 200. */
async function created<T>(app: FastifyInstance, user: TestUser, url: string, payload: object): Promise<T> {
  const res = await call(app, 'POST', url, user, payload);
  if (res.statusCode !== 200) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

export const postCourse = (app: FastifyInstance, user: TestUser, overrides: Partial<CreateCourseBody> = {}) =>
  created<StudioCourse>(app, user, '/api/studio/courses', courseBody(overrides));
export const addLesson = (
  app: FastifyInstance,
  user: TestUser,
  courseId: string,
  overrides: Partial<CreateLessonBody> = {},
) => created<StudioLesson>(app, user, `/api/studio/courses/${courseId}/lessons`, lessonBody(overrides));
export const postTutorial = (app: FastifyInstance, user: TestUser, overrides: Partial<CreateTutorialBody> = {}) =>
  created<StudioTutorial>(app, user, '/api/studio/tutorials', tutorialBody(overrides));
export const postBlog = (app: FastifyInstance, user: TestUser, overrides: Partial<CreateBlogBody> = {}) =>
  created<StudioBlog>(app, user, '/api/studio/blogs', blogBody(overrides));

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Ids that name nothing: unknown, malformed, hostile. Each must answer 404, never 400 or 500. */
export const BAD_IDS = [UNKNOWN_ID, 'not-an-id', "1' or '1'='1", '%00', 'a'.repeat(150)];

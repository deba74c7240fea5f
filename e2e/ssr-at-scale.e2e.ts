// A large catalogue in a real browser: with 50 more courses, 100 more posts and a course of 30 lessons (made through
// the Studio API on top of the demo content), a server-rendered list is complete HTML. With JavaScript off every
// card, post and lesson shows, once; with it on, the page hydrates with no error (React's inline swap script for a
// streamed Suspense boundary was a CSP violation, then hydration error #419) and no hidden copy stays behind.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Blog, CourseCard, CourseWithLessons } from '../src/shared/contract';
import type { StudioCourse } from '../src/shared/studio';
import { callApi, createAccount, newPage, setUpBrowserTests, type TestAccount, waitForHydration } from './harness';

const COURSES = 50;
const POSTS = 100;
const LESSONS = 30;
// Two admins share the writes: each stays under the Studio's per-user write limit (120 a minute).
const ADMINS = ['scale-admin-1@example.test', 'scale-admin-2@example.test'];

const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMINS.join(',') } });

const prose = (name: string) =>
  `<p>${name}: ${'Types, closures, modules and the event loop, step by step with examples you can run. '.repeat(3)}</p>`;

let courseTitles: string[];
let postTitles: string[];
let bigCourse: CourseWithLessons;

beforeAll(async () => {
  const [courseWriter, postWriter] = await Promise.all(
    ADMINS.map((email, i) => createAccount(env.server, `Scale Admin ${i + 1}`, { email })),
  );
  const call = <T>(account: TestAccount, method: string, path: string, body?: unknown) =>
    callApi<T>(env.server, method, path, account, body);
  const [demo] = await callApi<CourseCard[]>(env.server, 'GET', '/api/course/getCourse');
  const demoCourse = await callApi<CourseWithLessons>(env.server, 'GET', `/api/lession/getLessionList/${demo._id}`);
  const link = demoCourse.lessonlist[0].link;

  const created: StudioCourse[] = [];
  for (let i = 1; i <= COURSES; i++)
    created.push(
      await call<StudioCourse>(courseWriter, 'POST', '/api/studio/courses', {
        title: `Scale course ${i}`,
        description: prose(`Course ${i}`),
        cover: demo.cover,
        status: 'published',
      }),
    );
  for (let j = 1; j <= LESSONS; j++)
    await call(courseWriter, 'POST', `/api/studio/courses/${created[0]._id}/lessons`, {
      title: `Scale lesson ${j}`,
      link,
      description: prose(`Lesson ${j}`),
    });
  // Added to a published course, the lessons are drafts until the course's Update publishes them.
  await call(courseWriter, 'POST', `/api/studio/courses/${created[0]._id}/update`);
  for (let i = 1; i <= POSTS; i++)
    await call(postWriter, 'POST', '/api/studio/blogs', {
      title: `Scale post ${i}`,
      content: prose(`Post ${i}`),
      status: 'published',
    });

  courseTitles = (await callApi<CourseCard[]>(env.server, 'GET', '/api/course/getCourse')).map((c) => c.title);
  postTitles = (await callApi<Blog[]>(env.server, 'GET', '/api/blog/getBlog')).map((p) => p.title);
  bigCourse = await callApi<CourseWithLessons>(env.server, 'GET', `/api/lession/getLessionList/${created[0]._id}`);
  expect(courseTitles.length).toBeGreaterThanOrEqual(COURSES);
  expect(postTitles.length).toBeGreaterThanOrEqual(POSTS);
  expect(bigCourse.lessonlist).toHaveLength(LESSONS);
}, 180_000);

const sorted = (values: (string | null)[]) => [...values].sort();

describe('a large catalogue, server-rendered', () => {
  test('with JavaScript off, every course card, post and lesson shows, once', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const visibleTitles = (selector: string) =>
        page
          .locator(selector)
          .evaluateAll((els) =>
            els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.textContent),
          );

      await page.goto('/course');
      await page.getByRole('heading', { level: 1, name: 'Our Courses' }).waitFor();
      expect(sorted(await visibleTitles('main .card__title'))).toEqual(sorted(courseTitles));
      // Nothing hidden behind a fallback: all cards in the page are the ones shown.
      expect(await page.locator('.card__title').count()).toBe(courseTitles.length);
      expect(await page.locator('main .loading').count()).toBe(0);

      await page.goto('/blog/');
      await page.getByRole('heading', { level: 1, name: 'Our Blogs' }).waitFor();
      expect(sorted(await visibleTitles('main .card__title'))).toEqual(sorted(postTitles));
      expect(await page.locator('.card__title').count()).toBe(postTitles.length);

      await page.goto(`/course/${bigCourse._id}`);
      await page.getByRole('heading', { level: 1, name: `Course on: ${bigCourse.title}` }).waitFor();
      expect(await visibleTitles('main .lesson-list__title')).toEqual(bigCourse.lessonlist.map((l) => l.title));
    } finally {
      await context.close();
    }
  });

  test('with JavaScript on, the course list hydrates with no error and no hidden copy left in the page', async () => {
    // newPage fails the test on any console error, page error or CSP violation (an inline script refused).
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/course');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.card__title').count()).toBe(courseTitles.length);
    // React's parts of a streamed boundary: its hidden content and the template standing for it.
    expect(await page.locator('div[hidden][id^="S:"], template[id^="B:"]').count()).toBe(0);
    expect(sorted(await page.locator('main .card__title').allTextContents())).toEqual(sorted(courseTitles));
  });
});

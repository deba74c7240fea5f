// A lesson added to a published course, in a real browser against the compiled server: the author adds it in the
// course editor, where it says Draft; a signed-out reader sees neither it in the course's lesson list nor its page;
// the author presses Publish in its row and the reader sees it; Unpublish in its editor takes it off again. axe runs
// on the course editor with the draft lesson.
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { TEXT } from '../src/shared/constants';
import type { StudioCourse, StudioLesson } from '../src/shared/studio';
import {
  callApi,
  createAccount,
  createAuthor,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
} from './harness';

const ADMIN_EMAIL = 'lesson-status-admin@example.test';
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

let author: TestAccount;
let course: StudioCourse;
const NEW_LESSON = 'Closures in practice';

const call = <T>(method: string, urlPath: string, account?: TestAccount, body?: unknown) =>
  callApi<T>(env.server, method, urlPath, account, body);

beforeAll(async () => {
  const admin = await createAccount(env.server, 'Ada Admin', { email: ADMIN_EMAIL });
  author = await createAuthor(env.server, 'Alice Author', admin);
  const draft = await call<StudioCourse>('POST', '/api/studio/courses', author, {
    title: 'JavaScript functions',
    description: '<p>Functions, from the start.</p>',
    cover: '/media/covers/html.svg',
  });
  await call<StudioLesson>('POST', `/api/studio/courses/${draft._id}/lessons`, author, {
    title: 'What a function is',
    description: '<p>The first lesson.</p>',
  });
  course = await call<StudioCourse>('PATCH', `/api/studio/courses/${draft._id}`, author, {
    status: 'published',
    version: draft.version,
  });
});

/** axe on the screen at rest: the last action's alert (drawn over the page's head) gone, and from the top (scrolled,
 *  the sticky navbar covers part of the page, which axe counts against the targets under it). */
async function axeAtRest(page: Page, screen: string) {
  await page.getByTestId('alert').waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, screen);
}

/** Which of the two lessons a signed-out reader's course page lists (each link also says its number and length). */
async function listedLessons(reader: Page): Promise<string[]> {
  await reader.goto(`/course/${course._id}`);
  await reader.getByRole('heading', { level: 1 }).waitFor();
  const links = await reader.locator('.lesson-list a').allTextContents();
  return ['What a function is', NEW_LESSON].filter((title) => links.some((link) => link.includes(title)));
}

test('a lesson added to a published course reaches readers only when its author publishes it', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const { page: reader } = await newPage(env.browser, env.server.url, { console: [/status of 404/] });
  expect(await listedLessons(reader)).toEqual(['What a function is']);

  await signInAt(page, author, `/studio/courses/${course._id}`);
  const lessons = page.getByRole('region', { name: 'Lessons' });
  await lessons.getByRole('button', { name: 'Add lesson' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'New lesson' });
  await dialog.getByLabel('Lesson title', { exact: true }).fill(NEW_LESSON);
  await dialog.getByLabel('Video link').fill('/media/lessons/html-1.webm');
  await dialog.getByRole('button', { name: 'Create lesson' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  // It opens in its editor, a draft readers do not see yet.
  const editor = page.getByRole('region', { name: 'Edit lesson' });
  await editor.getByText('Draft · readers do not see this lesson yet').waitFor();
  const states = () => lessons.locator('.lesson-row .status-badge').allTextContents();
  expect(await states()).toEqual(['Published', 'Draft']);
  await page.getByText('1 new lesson not yet published').waitFor();
  await axeAtRest(page, 'the course editor with a draft lesson open');

  const added = await call<StudioCourse>('GET', `/api/studio/courses/${course._id}`, author);
  const lessonId = added.lessons[1]._id;
  expect(await listedLessons(reader)).toEqual(['What a function is']);
  await reader.goto(`/course/${course._id}/${lessonId}`);
  await reader.getByRole('heading', { level: 1, name: TEXT.notFoundTitle }).waitFor();

  // Closed, its row offers Publish.
  await lessons.getByRole('button', { name: `Close ${NEW_LESSON}` }).click();
  await axeAtRest(page, 'the course editor with a draft lesson in its list');
  await lessons.getByRole('button', { name: `Publish ${NEW_LESSON}` }).click();
  await expect.poll(states, { timeout: 10_000 }).toEqual(['Published', 'Published']);
  await page.getByText('Published · readers see this version').waitFor();

  await expect.poll(() => listedLessons(reader), { timeout: 5_000 }).toEqual(['What a function is', NEW_LESSON]);
  await reader.goto(`/course/${course._id}/${lessonId}`);
  await reader.getByRole('heading', { name: NEW_LESSON }).first().waitFor();

  // Unpublish in its editor takes it off at once: a draft again, gone from the reader's list.
  await lessons.getByRole('button', { name: `Edit ${NEW_LESSON}` }).click();
  await editor.getByRole('button', { name: 'Unpublish lesson' }).click();
  await editor.getByText('Draft · readers do not see this lesson yet').waitFor();
  await expect.poll(states, { timeout: 10_000 }).toEqual(['Published', 'Draft']);
  await expect.poll(() => listedLessons(reader), { timeout: 5_000 }).toEqual(['What a function is']);
});

// Learning in a real browser against the real server: watch part of a lesson, reload, the player resumes
// with its note; finish a lesson and see the mark, 'Up next' and its countdown, and the next lesson; the course bar
// and 'Continue learning'; captions and the transcript; progress made signed out survives signing up.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { TEXT } from '../src/shared/constants';
import type { CourseCard, CourseWithLessons } from '../src/shared/contract';
import type { MyLearning } from '../src/shared/progress';
import {
  callApi,
  createAccount as createTestAccount,
  expectAccessible,
  mailedLink,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  waitFor,
} from './harness';

const env = setUpBrowserTests();

type Account = Pick<TestAccount, 'token'>;

const call = <T>(method: string, path: string, account?: Account, body?: unknown) =>
  callApi<T>(env.server, method, path, account, body);
const createAccount = (name: string) => createTestAccount(env.server, name);

/** The first course with at least two lessons. */
async function demoCourse(): Promise<CourseWithLessons & { _id: string }> {
  for (const course of await call<CourseCard[]>('GET', '/api/course/getCourse')) {
    const detail = await call<CourseWithLessons>('GET', `/api/lession/getLessionList/${course._id}`);
    if (detail.lessonlist.length >= 2) return { ...detail, _id: course._id };
  }
  throw new Error('no demo course with two lessons');
}

const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

/** Waits for the video's metadata, then plays it at `rate` until `until` seconds (or its end), then pauses. */
async function play(page: Page, until: number | 'end', rate = 2) {
  await waitFor(() => page.evaluate(() => (document.querySelector('video')?.readyState ?? 0) >= 1), 15_000);
  await page.evaluate(async (r) => {
    const video = document.querySelector('video');
    if (!video) throw new Error('no video');
    video.muted = true;
    video.playbackRate = r;
    await video.play();
  }, rate);
  if (until === 'end') {
    await waitFor(() => page.evaluate(() => document.querySelector('video')?.ended === true), 30_000);
    return;
  }
  await waitFor(async () => (await videoTime(page)) >= until, 30_000);
  await page.evaluate(() => document.querySelector('video')?.pause());
}

test('watch part of a lesson, reload: the player resumes there with a note; Start over goes back to 0:00', async () => {
  const course = await demoCourse();
  const lesson = course.lessonlist[0];
  const account = await createAccount('Resume Reader');
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, `/course/${course._id}/${lesson._id}`);
  await page.getByText(`Lesson 1 of ${course.lessonlist.length}`).waitFor();

  await play(page, 6);
  // The pause sent a report; the server has the position.
  await waitFor(async () => {
    const progress = await call<{ lessons: { position: number }[] }>(
      'GET',
      `/api/progress/course/${course._id}`,
      account,
    );
    return progress.lessons[0].position >= 6;
  });

  await page.reload();
  const note = page.getByText(/^Resumed at 0:0[6-9]/);
  await note.waitFor({ timeout: 15_000 });
  expect(await videoTime(page)).toBeGreaterThanOrEqual(6);
  await expectAccessible(page, 'lesson page with the resume note');
  await page.getByRole('button', { name: 'Start over' }).click();
  await waitFor(async () => (await videoTime(page)) < 1);
});

test('finish a lesson: the mark, Up next with its countdown, then the next lesson; bar and Continue learning', async () => {
  const course = await demoCourse();
  const [first, second] = course.lessonlist;
  const account = await createAccount('Finish Reader');
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, `/course/${course._id}/${first._id}`);

  await play(page, 'end', 4);
  await page.getByText(`Up next: ${second.title}`).waitFor();
  await page.getByText(/Starting in \d s/).waitFor();
  await page.getByRole('button', { name: 'Mark as not complete' }).waitFor();
  const sidebar = page.getByRole('navigation', { name: 'Lessons' });
  await sidebar.getByText('(completed)').waitFor();
  await expectAccessible(page, 'lesson page at the end, with Up next');
  // The countdown goes on to the next lesson by itself.
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
    .toBe(`/course/${course._id}/${second._id}`);
  await page.getByText(`Lesson 2 of ${course.lessonlist.length}`).waitFor();

  // Mark by hand, and undo.
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await page.getByRole('button', { name: 'Mark as not complete' }).click();
  await page.getByRole('button', { name: 'Mark as complete' }).waitFor();

  await page.goto(`/course/${course._id}`);
  await page.getByText(/^\d+% complete$/).waitFor();
  await page.getByRole('link', { name: /^Resume: / }).waitFor();
  await expectAccessible(page, 'course page with the learner’s bar');

  await page.goto('/');
  await page.getByRole('heading', { name: 'Continue learning' }).waitFor();
  const row = page.locator('section', { has: page.getByRole('heading', { name: 'Continue learning' }) });
  await row.getByRole('heading', { name: course.title }).waitFor();
  await expectAccessible(page, 'home with Continue learning');

  await page.getByRole('link', { name: 'My learning' }).click();
  await page.getByRole('heading', { name: 'My learning' }).waitFor();
  await page.getByRole('heading', { name: 'In progress' }).waitFor();
  await expectAccessible(page, 'My learning');
});

test('a ?t= link starts there; captions switch; a transcript cue seeks the video', async () => {
  const course = await demoCourse();
  const lesson = course.lessonlist.find((l) => l.captions);
  expect(lesson, 'a demo lesson with captions').toBeTruthy();
  if (!lesson) return;
  const { page } = await newPage(env.browser, env.server.url);
  await page.goto(`/course/${course._id}/${lesson._id}?t=0m3s`);
  await waitFor(async () => (await videoTime(page)) >= 3);

  const transcript = page.getByRole('region', { name: 'Transcript' });
  const cues = transcript.getByRole('button');
  await cues.first().waitFor({ timeout: 15_000 });
  const count = await cues.count();
  expect(count).toBeGreaterThan(1);
  const last = cues.nth(count - 1);
  const at = await last.locator('.transcript__time').textContent();
  await last.click();
  const [m, s] = (at ?? '0:00').split(':').map(Number);
  await waitFor(async () => Math.abs((await videoTime(page)) - (m * 60 + s)) < 1.5);
  await waitFor(async () => (await last.getAttribute('aria-current')) === 'true');

  const captions = page.getByRole('button', { name: 'Captions' });
  expect(await captions.getAttribute('aria-pressed')).toBe('true');
  await captions.click();
  expect(await captions.getAttribute('aria-pressed')).toBe('false');
  expect(await page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode)).toBe('hidden');
  await expectAccessible(page, 'lesson page with the transcript');
});

test('progress made signed out survives signing up', async () => {
  const course = await demoCourse();
  const lesson = course.lessonlist[0];
  const { page } = await newPage(env.browser, env.server.url);
  await page.goto(`/course/${course._id}/${lesson._id}`);
  await play(page, 6);
  await waitFor(() => page.evaluate(() => localStorage.getItem('devcourses-progress')));

  await page.goto('/learning');
  await page.getByRole('link', { name: 'Sign up' }).waitFor();
  await page.getByRole('heading', { name: course.title }).waitFor();
  await expectAccessible(page, 'My learning for a visitor');

  const email = `visitor-${Date.now()}@example.test`;
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('User name').fill('Visiting Learner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('visitor-secret');
  await page.getByLabel('Repeat password').fill('visitor-secret');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.goto(await mailedLink(env.server, email, '/user/verify/'));
  await page.getByRole('heading', { name: TEXT.emailVerified }).waitFor();
  await page.getByRole('link', { name: 'Login' }).last().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('visitor-secret');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await waitFor(async () => (await page.evaluate(() => localStorage.getItem('devcourses-progress'))) === null);

  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  const mine = await call<MyLearning>('GET', '/api/progress', { token: token ?? '' });
  expect(mine.courses.map((c) => c.course._id)).toContain(course._id);
  expect(mine.courses[0].percent).toBeGreaterThan(0);

  // After login the learner returns to the page they came from.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(`/course/${course._id}/${lesson._id}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('visitor-secret');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/course/${course._id}/${lesson._id}`);
});

// Certificates in a real browser against the compiled server: a learner completes a small course (its practice through
// the API, then its lessons one by one), the lesson page says 'Course complete! See your certificate' at once, the
// link opens the certificate page, its PDF downloads, /learning lists it; the certificate page passes axe in both themes at 1280 and 360 px; an admin revokes one
// in the Studio and its page then answers 410 stating why.
import { expect, test } from 'vitest';
import type { CourseCard, CourseWithLessons } from '../src/shared/contract';
import type { AttemptResult, PracticeList, StudioExercise, StudioQuiz, Submission } from '../src/shared/practice';
import {
  callApi,
  createAccount,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  waitForHydration,
} from './harness';

const ADMIN_EMAIL = 'certificates-admin@example.test';
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

let admin: Promise<TestAccount> | undefined;
/** The Studio admin, made once (an address has one account). */
const adminAccount = () => (admin ??= createAccount(env.server, 'Cert Admin', { email: ADMIN_EMAIL }));

/** A course is complete once its practice is passed too: the learner passes each exercise of its lessons with its
 *  reference solution and each quiz with its correct choices (read in the Studio by the admin). */
async function passPractice(course: CourseWithLessons, learner: TestAccount): Promise<void> {
  const studio = await adminAccount();
  for (const lesson of course.lessonlist) {
    const { items } = await callApi<PracticeList>(env.server, 'GET', `/api/practice/lesson/${lesson._id}`);
    for (const item of items) {
      if (item.kind === 'exercise') {
        const exercise = await callApi<StudioExercise>(env.server, 'GET', `/api/studio/exercises/${item._id}`, studio);
        const path = `/api/exercises/${item._id}/submissions`;
        const graded = await callApi<Submission>(env.server, 'POST', path, learner, { code: exercise.solution });
        expect(graded.verdict, exercise.title).toBe('passed');
      } else {
        const quiz = await callApi<StudioQuiz>(env.server, 'GET', `/api/studio/quizzes/${item._id}`, studio);
        const answers = quiz.questions.map((q) => ({
          questionId: q._id,
          choiceIds: q.choices.filter((c) => c.correct).map((c) => c._id),
        }));
        const path = `/api/quizzes/${item._id}/attempts`;
        expect((await callApi<AttemptResult>(env.server, 'POST', path, learner, { answers })).passed).toBe(true);
      }
    }
  }
}

/** The demo course with the fewest lessons. */
async function smallCourse(): Promise<CourseWithLessons & { _id: string }> {
  const courses = await callApi<CourseCard[]>(env.server, 'GET', '/api/course/getCourse');
  const details = await Promise.all(
    courses.map(async (course) => ({
      ...(await callApi<CourseWithLessons>(env.server, 'GET', `/api/lession/getLessionList/${course._id}`)),
      _id: course._id,
    })),
  );
  const withLessons = details.filter((course) => course.lessonlist.length > 0);
  withLessons.sort((a, b) => a.lessonlist.length - b.lessonlist.length);
  return withLessons[0];
}

test('a learner completes a course, sees the notice, opens the certificate and downloads its PDF', async () => {
  const course = await smallCourse();
  const account = await createAccount(env.server, 'Zoë Ελένη Certified');
  await passPractice(course, account);
  // Every lesson but the last completed already; the last one is completed on its page.
  const lessons = course.lessonlist;
  for (const lesson of lessons.slice(0, -1))
    await callApi(env.server, 'PUT', `/api/progress/${lesson._id}/complete`, account, { completed: true });
  const last = lessons[lessons.length - 1];

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, `/course/${course._id}/${last._id}`);
  const markButton = page.getByRole('button', { name: 'Mark as complete' });
  await markButton.waitFor();
  // The page is server-rendered: a click before React has hydrated it does nothing (seen on a busy CI machine).
  await waitForHydration(page);
  await markButton.click();
  const notice = page.getByRole('status').filter({ hasText: 'Course complete!' });
  await notice.waitFor({ timeout: 10_000 });
  await expectAccessible(page, 'lesson page with the course-complete notice');

  await notice.getByRole('link', { name: 'See your certificate' }).click();
  await page.getByRole('heading', { level: 1, name: 'Zoë Ελένη Certified' }).waitFor();
  expect(page.url()).toMatch(/\/certificates\/[A-Za-z0-9_-]{22}$/);
  expect(await page.getByText(`completed the course ${course.title}`, { exact: false }).count()).toBeGreaterThan(0);
  await page.getByText('Verified: issued by DevCourses', { exact: false }).waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^certificate-[A-Za-z0-9_-]{22}\.pdf$/);
  const file = await download.path();
  const fs = await import('node:fs');
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/learning');
  await page.getByRole('link', { name: `Certificate: ${course.title}` }).waitFor();
}, 180_000);

test('the certificate page passes axe in both themes at 1280 and 360 px, rendered and hydrated', async () => {
  const course = await smallCourse();
  const account = await createAccount(env.server, 'Axel Accessible');
  await passPractice(course, account);
  for (const lesson of course.lessonlist)
    await callApi(env.server, 'PUT', `/api/progress/${lesson._id}/complete`, account, { completed: true });
  const progress = await callApi<{ certificate: { url: string } | null }>(
    env.server,
    'GET',
    `/api/progress/course/${course._id}`,
    account,
  );
  const url = progress.certificate?.url ?? '';
  expect(url).toMatch(/^\/certificates\//);

  const { page } = await newPage(env.browser, env.server.url);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, `certificate page (${theme}, ${width} px)`);
    }
  }
}, 180_000);

test('an admin revokes a certificate in the Studio; its page then answers 410 stating why', async () => {
  const course = await smallCourse();
  const learner = await createAccount(env.server, 'Rhea Revoked');
  await passPractice(course, learner);
  for (const lesson of course.lessonlist)
    await callApi(env.server, 'PUT', `/api/progress/${lesson._id}/complete`, learner, { completed: true });
  const admin = await adminAccount();

  // The revoked page is answered 410, which Chromium logs as a failed load.
  const { page } = await newPage(env.browser, env.server.url, { console: [/status of 410 \(Gone\)/] });
  await signInAt(page, admin, '/studio/certificates');
  await page.getByRole('heading', { level: 1, name: 'Certificates' }).waitFor();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `Studio certificates (${theme}, ${width} px)`);
    }
  }
  await page.getByLabel('Reason to revoke the certificate of Rhea Revoked').fill('Completed by someone else');
  const row = page.getByRole('row').filter({ hasText: 'Rhea Revoked' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('status').filter({ hasText: 'was revoked' }).waitFor();
  await row.getByText('Completed by someone else', { exact: false }).waitFor();
  const href = (await row.getByRole('link', { name: 'Rhea Revoked' }).getAttribute('href')) ?? '';

  const answer = await page.goto(href);
  expect(answer?.status()).toBe(410);
  await page.getByRole('heading', { level: 1, name: 'Certificate revoked' }).waitFor();
  await page.getByText('Completed by someone else', { exact: false }).waitFor();
  await expectAccessible(page, 'revoked certificate page');
}, 180_000);

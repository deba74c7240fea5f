// Practice in a real browser against the real server: a learner runs failing code, reads the failing test, fixes it,
// submits and sees 'Passed' and the ✓ in the lesson's list; an infinite loop times out, Stop ends one earlier and the
// next Run passes; a quiz taken by keyboard alone; the quiz without JavaScript shows its result; hidden tests never
// reach the page; axe on the exercise and quiz pages (and their results) in both themes at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { StudioExercise, StudioQuiz } from '../src/shared/practice';
import {
  callApi,
  createAccount,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  waitFor,
} from './harness';

const ADMIN_EMAIL = 'practice-admin@example.test';
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

const STARTER = 'function add(a, b) {\n  return 0;\n}';
const FIXED = 'function add(a, b) {\n  return a + b;\n}';
const HIDDEN_CODE = 'assert.strictEqual(add(40, 2), 42, "forty-two-secret");';

let admin: TestAccount;
let courseId: string;
let lessonId: string;
let exercise: StudioExercise;
let quiz: StudioQuiz;

/** The runner frame's QuickJS build probes for eval once, which the frame's CSP refuses (reported to the runner's
 *  owner): the only console problem these pages may show. */
const RUNNER_EVAL_PROBE = /CSP violation: script-src eval at .*\/practice-runner\//;
const practicePage = () => newPage(env.browser, env.server.url, { console: [RUNNER_EVAL_PROBE] });

const call = <T>(method: string, path: string, account?: TestAccount, body?: unknown) =>
  callApi<T>(env.server, method, path, account, body);

beforeAll(async () => {
  admin = await createAccount(env.server, 'Practice Admin', { email: ADMIN_EMAIL });
  const course = await call<{ _id: string }>('POST', '/api/studio/courses', admin, {
    title: 'Practice course',
    description: '<p>A course with practice.</p>',
    cover: '/media/covers/css.svg',
    status: 'published',
  });
  courseId = course._id;
  const lesson = await call<{ _id: string }>('POST', `/api/studio/courses/${courseId}/lessons`, admin, {
    title: 'Adding numbers',
    // A video of this site's own: the test ends on the lesson page, and a hosted one would have the page try to reach
    // YouTube (refused here) whenever its player loads before the test's end.
    link: '/media/lessons/css-1.webm',
    description: '<p>How to add.</p>',
  });
  lessonId = lesson._id;
  // Added to a published course, it is a draft until published.
  await call('POST', `/api/studio/lessons/${lessonId}/update`, admin);
  exercise = await call<StudioExercise>('POST', `/api/studio/lessons/${lessonId}/exercises`, admin, {
    title: 'Add two numbers',
    prompt: '<p>Write <code>add(a, b)</code> that returns the sum of its arguments.</p>',
    language: 'javascript',
    starterCode: STARTER,
    solution: FIXED,
    tests: [
      { name: 'add(2, 3) is 5', code: 'assert.strictEqual(add(2, 3), 5, "add(2, 3) should be 5");', hidden: false },
      { name: 'secret', code: HIDDEN_CODE, hidden: true },
    ],
  });
  expect(exercise.valid, JSON.stringify(exercise.check)).toBe(true);
  quiz = await call<StudioQuiz>('POST', `/api/studio/lessons/${lessonId}/quizzes`, admin, {
    title: 'Arrays quiz',
    questions: [
      {
        text: 'Which method adds to the end of an array?',
        multiple: false,
        choices: [
          { text: 'push', correct: true },
          { text: 'shift', correct: false },
        ],
        explanation: 'push appends; shift removes the first item.',
      },
      {
        text: 'Which of these are falsy?',
        multiple: true,
        choices: [
          { text: 'zero', correct: true },
          { text: 'the empty string', correct: true },
          { text: 'an empty array', correct: false },
        ],
        explanation: 'An empty array is an object, and objects are truthy.',
      },
    ],
  });
}, 120_000);

const editor = (page: Page) => page.getByRole('textbox', { name: 'Code for Add two numbers' });
const status = (page: Page) => page.locator('.practice-status');

/** Replaces the editor's code (inserted as text: no auto-closed brackets or indentation on the way). */
async function setCode(page: Page, code: string) {
  const box = editor(page);
  await box.waitFor({ timeout: 20_000 });
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
  await waitFor(async () => (await box.textContent())?.replace(/\s+/g, '') === code.replace(/\s+/g, ''));
}

async function expectStatus(page: Page, text: string | RegExp, timeout = 30_000) {
  await status(page).getByText(text).waitFor({ timeout });
}

/** axe in both themes at 1280 and 360 px, then back to light at 1280. */
async function expectAccessibleEverywhere(page: Page, screen: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `${screen} (${theme}, ${width} px)`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a learner runs failing code, reads the failing test, fixes it, submits: Passed, and ✓ in the lesson’s list', async () => {
  const learner = await createAccount(env.server, 'Pat Practice');
  const { page } = await practicePage();
  await signInAt(page, learner, `/exercise/${exercise._id}`);
  await page.getByRole('heading', { level: 1, name: 'Add two numbers' }).waitFor();
  // Reloading never runs code by itself: nothing has run yet.
  await page.getByText('Not run yet').waitFor();
  await editor(page).waitFor({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expectStatus(page, '0 of 1 visible test passed');
  const tests = page
    .getByRole('region', { name: 'Tests' })
    .or(page.locator('section', { hasText: 'Tests' }))
    .first();
  await tests.getByText('Failed').first().waitFor();
  await tests.getByText('add(2, 3) should be 5', { exact: true }).waitFor();
  await expectAccessibleEverywhere(page, 'the exercise page with a failed run');

  await setCode(page, FIXED);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expectStatus(page, 'All 1 visible test passed');

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expectStatus(page, /^✓ ?Passed$/);
  await page.getByText('Hidden test 1').waitFor();
  // Hidden tests show pass or fail only: never their code or message.
  expect(await page.content()).not.toContain('forty-two-secret');
  await expectAccessibleEverywhere(page, 'the exercise page after a passed submission');

  // The code is kept on the server and comes back.
  await waitFor(async () => {
    const mine = await call<{ savedCode: string | null }>('GET', `/api/exercises/${exercise._id}`, learner);
    return mine.savedCode?.includes('a + b');
  });

  await page.getByRole('link', { name: 'Back to the lesson' }).click();
  const practice = page.locator('section', { has: page.getByRole('heading', { name: 'Practice' }) });
  const item = practice.getByRole('link', { name: /Add two numbers/ });
  await item.waitFor({ timeout: 20_000 });
  await waitFor(async () => (await item.textContent())?.includes('(passed)'));
  expect(await practice.getByRole('link', { name: /Arrays quiz/ }).textContent()).not.toContain('(passed)');
}, 240_000);

test('an infinite loop times out after the limit, Stop ends one at once, and the next Run passes', async () => {
  const { page } = await practicePage();
  await page.goto(`/exercise/${exercise._id}`);
  await setCode(page, 'while (true) {}\n' + FIXED);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
  await expectStatus(page, 'Timed out after 2 s', 30_000);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expectStatus(page, 'Running…');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expectStatus(page, 'Stopped', 5_000);

  await setCode(page, FIXED);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expectStatus(page, 'All 1 visible test passed');
  // A visitor submits after logging in; their code stays in this browser meanwhile.
  await page.getByRole('link', { name: 'Log in to submit' }).waitFor();
  await waitFor(() => page.evaluate(() => localStorage.getItem('devcourses-practice-code')?.includes('a + b')));
}, 240_000);

test('the exercise page without JavaScript shows the prompt and the starter code, and no hidden test', async () => {
  const context = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/exercise/${exercise._id}`);
    await page.getByRole('heading', { level: 1, name: 'Add two numbers' }).waitFor();
    await page.getByText('that returns the sum of its arguments').waitFor();
    expect(await page.locator('pre code').first().textContent()).toBe(STARTER);
    expect(await page.content()).not.toContain('forty-two-secret');
  } finally {
    await context.close();
  }
}, 240_000);

test('a quiz taken by keyboard alone: answers, Submit, the result and each explanation; then a retake', async () => {
  const learner = await createAccount(env.server, 'Kim Keyboard');
  const { page } = await practicePage();
  await signInAt(page, learner, `/quiz/${quiz._id}`);
  await page.getByRole('heading', { level: 1, name: 'Arrays quiz' }).waitFor();
  await expectAccessibleEverywhere(page, 'the quiz page');

  /** Presses Tab until the focused element is the one named. */
  const tabTo = async (name: string) => {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(
        () => document.activeElement?.closest('label')?.textContent ?? document.activeElement?.textContent ?? '',
      );
      if (focused.trim().startsWith(name)) return;
    }
    throw new Error(`Tab never reached ${name}`);
  };
  await tabTo('push');
  await page.keyboard.press('Space');
  await tabTo('zero');
  await page.keyboard.press('Space');
  await tabTo('the empty string');
  await page.keyboard.press('Space');
  await tabTo('Submit answers');
  await page.keyboard.press('Enter');

  const result = page.getByRole('region', { name: 'Your result' });
  await result.getByRole('heading', { name: /Passed/ }).waitFor({ timeout: 15_000 });
  await result.getByText('Score: 2 / 2').waitFor();
  await page.getByText('push appends; shift removes the first item.').waitFor();
  expect(await page.getByText(/^✓ ?Right$/).count()).toBe(2);
  await expectAccessibleEverywhere(page, 'the quiz result');

  // Focus went to the result; Retake by keyboard empties the form.
  await tabTo('Retake the quiz');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Submit answers' }).waitFor();
  expect(await page.locator('input:checked').count()).toBe(0);
}, 240_000);

test('the quiz without JavaScript: the form posts and the page shows the result, not kept', async () => {
  const context = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/quiz/${quiz._id}`);
    await page.getByLabel('shift').check();
    await page.getByLabel('zero').check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText('Score: 0 / 2').waitFor();
    await page.getByRole('heading', { name: /Not passed/ }).waitFor();
    await page.getByText('Log in to keep your result').waitFor();
    await page.getByText('An empty array is an object, and objects are truthy.').waitFor();
    expect(await page.getByText(/^✗ ?Wrong$/).count()).toBe(2);
    expect(await page.getByLabel('shift').isChecked()).toBe(true);
  } finally {
    await context.close();
  }
}, 240_000);

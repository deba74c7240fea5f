// Practice items in the Studio, in a real browser against the real server: an admin adds an exercise to a lesson
// whose starter code already passes every test and sees the check fail (learners cannot see it), fixes the starter
// and sees the check pass; adds a quiz with two questions; reorders the items by keyboard; deletes one after
// confirming; edits an exercise of a published lesson while a learner keeps seeing the published title until Update,
// and previews its changes (marked Preview, Run working, nothing to submit). axe runs on the lesson editor with its
// Practice section and on both forms, in both themes at 360 px, on the form of a published exercise with changes not
// yet published, and on that exercise's preview in both themes at 360 px.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { StudioExercise, StudioPracticeItems, StudioQuiz } from '../src/shared/practice';
import type { StudioCourse, StudioLesson } from '../src/shared/studio';
import {
  callApi,
  createAccount,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  typeRichText,
} from './harness';

const ADMIN_EMAIL = 'practice-admin@example.test';
// The tests make their own courses, so the server starts without the demo catalogue.
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN_EMAIL, SEED_DEMO: 'false' } });

let admin: TestAccount;
const call = <T>(method: string, urlPath: string, body?: unknown) =>
  callApi<T>(env.server, method, urlPath, admin, body);

/** A draft course with one lesson, made through the API; answers both. */
async function courseWithLesson(title: string): Promise<{ course: StudioCourse; lesson: StudioLesson }> {
  const course = await call<StudioCourse>('POST', '/api/studio/courses', {
    title,
    description: '<p>Practice in the Studio.</p>',
    cover: '/media/covers/css.svg',
  });
  const lesson = await call<StudioLesson>('POST', `/api/studio/courses/${course._id}/lessons`, {
    title: `${title}: the lesson`,
    link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    description: '<p>A lesson.</p>',
  });
  return { course, lesson };
}

const quizBody = (title: string) => ({
  title,
  questions: [
    {
      text: 'Which keyword declares a constant?',
      multiple: false,
      choices: [
        { text: 'const', correct: true },
        { text: 'var', correct: false },
      ],
      explanation: 'const cannot be reassigned.',
    },
  ],
});

/** Opens the course editor, then the lesson's editor; answers the lesson's Practice section. */
async function openPractice(page: Page, course: StudioCourse, lesson: StudioLesson): Promise<Locator> {
  await signInAt(page, admin, `/studio/courses/${course._id}`);
  await page.getByRole('heading', { level: 1, name: 'Edit course' }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: `Edit ${lesson.title}`, exact: true }).click();
  const practice = page.getByRole('region', { name: 'Edit lesson' }).getByRole('region', { name: 'Practice' });
  await practice.waitFor({ timeout: 15_000 });
  // The lesson description's rich-text field is a lazy chunk: measured once it is there.
  await page.locator('.ProseMirror').first().waitFor({ timeout: 15_000 });
  return practice;
}

/** axe on the page scrolled to its top: scrolled down, the sticky navbar covers part of whatever passes under it,
 *  and axe's target-size rule would count those covered buttons as too small. */
async function expectAccessibleAtTop(page: Page, screen: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, screen);
}

const practiceTitles = (practice: Locator) => practice.locator('.practice-row .lesson-row__title').allTextContents();
/** Adding a test, a question or a choice moves the focus into its first field a frame later: wait for it there, so
 *  it cannot land in the middle of typing into another field (a user sees where the focus went before typing). */
const focusReaches = (field: Locator) =>
  expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

const storedTitles = async (lesson: StudioLesson) =>
  (await call<StudioPracticeItems>('GET', `/api/studio/lessons/${lesson._id}/practice`)).items.map((i) => i.title);

beforeAll(async () => {
  admin = await createAccount(env.server, 'Ada Admin', { email: ADMIN_EMAIL });
});

test('an admin adds an exercise whose starter passes every test and sees the check fail; a fixed starter passes it', async () => {
  const { course, lesson } = await courseWithLesson('Functions');
  const { page } = await newPage(env.browser, env.server.url);
  const practice = await openPractice(page, course, lesson);
  await practice.getByText('No practice items yet.').waitFor();

  await practice.getByRole('button', { name: 'Add exercise' }).click();
  // The form's region is named by its heading, which becomes 'Edit exercise: …' once saved.
  const form = practice.locator('section.practice-form');
  await practice.getByRole('region', { name: 'New exercise' }).waitFor();
  await form.getByLabel('Exercise title').fill('Add two numbers');
  await typeRichText(page, 'Prompt', 'Write add(a, b), which answers the sum of a and b.');
  await form.getByLabel('Language').selectOption('javascript');
  // The starter code already solves it: the check must refuse the exercise.
  await form.getByLabel('Starter code').fill('function add(a, b) {\n  return a + b;\n}');
  await form.getByLabel('Reference solution').fill('function add(a, b) {\n  return a + b;\n}');
  const test1 = form.getByRole('group', { name: 'Test 1' });
  await test1.getByLabel('Test name').fill('adds two numbers');
  await test1.getByLabel('Test code').fill("assert.strictEqual(add(2, 3), 5, 'add(2, 3) should be 5');");
  await form.getByRole('button', { name: 'Add test' }).click();
  const test2 = form.getByRole('group', { name: 'Test 2' });
  await focusReaches(test2.getByLabel('Test name'));
  await test2.getByLabel('Test name').fill('adds negatives');
  await test2.getByLabel('Test code').fill("assert.strictEqual(add(-1, -2), -3, 'add(-1, -2) should be -3');");
  await test2.getByLabel('Hidden test').check();
  expect(await form.getByLabel('Time limit (ms)').inputValue()).toBe('2000');
  await form.getByRole('button', { name: 'Save exercise' }).click();

  const result = form.locator('.practice-form__result');
  await result.getByText('Check failed: learners cannot see it.').waitFor({ timeout: 30_000 });
  expect(await result.getAttribute('aria-live')).toBe('polite');
  await result.getByText('The starter code passes every test: it must fail at least one.').waitFor();
  // Saved all the same, listed with its failed check.
  const row = practice.locator('.practice-row').first();
  await row.getByText('Check failed: learners cannot see it.').waitFor();
  expect(await practiceTitles(practice)).toEqual(['Add two numbers']);
  await form.getByRole('heading', { name: 'Edit exercise: Add two numbers' }).waitFor();
  await expectAccessibleAtTop(page, 'the exercise form with a failed check');

  await form.getByLabel('Starter code').fill('function add(a, b) {\n  // Your code here\n}');
  await form.getByRole('button', { name: 'Save exercise' }).click();
  await result
    .getByText('Checked: the solution passes every test and the starter code fails one.')
    .waitFor({ timeout: 30_000 });
  await expect.poll(() => row.getByText('Check failed').count()).toBe(0);
  const [stored] = (await call<StudioPracticeItems>('GET', `/api/studio/lessons/${lesson._id}/practice`)).items;
  expect(stored).toMatchObject({ kind: 'exercise', valid: true, version: 2 });
  expect(stored.kind === 'exercise' && stored.tests.map((t) => [t.name, t.hidden])).toEqual([
    ['adds two numbers', false],
    ['adds negatives', true],
  ]);
}, 120_000);

test('an admin adds a quiz with two questions, reorders the practice items by keyboard and deletes one after confirming', async () => {
  const { course, lesson } = await courseWithLesson('Variables');
  await call<StudioQuiz>('POST', `/api/studio/lessons/${lesson._id}/quizzes`, quizBody('Warm-up quiz'));
  const { page } = await newPage(env.browser, env.server.url);
  const practice = await openPractice(page, course, lesson);
  await expect.poll(() => practiceTitles(practice)).toEqual(['Warm-up quiz']);

  await practice.getByRole('button', { name: 'Add quiz' }).click();
  const form = practice.locator('section.practice-form');
  await practice.getByRole('region', { name: 'New quiz' }).waitFor();
  await form.getByLabel('Quiz title').fill('Scope quiz');
  expect(await form.getByLabel('Pass mark (%)').inputValue()).toBe('70');
  const q1 = form.getByRole('group', { name: 'Question 1', exact: true });
  await q1.getByLabel('Question text').fill('Is a let variable visible outside its block?');
  await q1.getByLabel('Choice 1', { exact: true }).fill('No');
  await q1.getByLabel('Choice 2', { exact: true }).fill('Yes');
  await q1.getByLabel('Correct (choice 1)').check();
  await q1.getByLabel('Explanation').fill('let is block-scoped.');
  await form.getByRole('button', { name: 'Add question' }).click();
  const q2 = form.getByRole('group', { name: 'Question 2', exact: true });
  await focusReaches(q2.getByLabel('Question text'));
  await q2.getByLabel('Question text').fill('Which values are falsy?');
  await q2.getByLabel('Several correct answers').check();
  await q2.getByRole('button', { name: 'Add choice to question 2' }).click();
  await focusReaches(q2.getByLabel('Choice 3', { exact: true }));
  await q2.getByLabel('Choice 1', { exact: true }).fill('0');
  await q2.getByLabel('Choice 2', { exact: true }).fill('an empty string');
  await q2.getByLabel('Choice 3', { exact: true }).fill('an empty array');
  await q2.getByLabel('Correct (choice 1)').check();
  await q2.getByLabel('Correct (choice 2)').check();
  await expectAccessibleAtTop(page, 'the quiz form');
  await form.getByRole('button', { name: 'Save quiz' }).click();
  await form.getByText('Saved “Scope quiz”.').waitFor({ timeout: 15_000 });
  await practice.getByRole('region', { name: 'Edit quiz: Scope quiz' }).waitFor();
  await expect.poll(() => practiceTitles(practice)).toEqual(['Warm-up quiz', 'Scope quiz']);
  const scope = (await call<StudioPracticeItems>('GET', `/api/studio/lessons/${lesson._id}/practice`)).items[1];
  expect(scope.kind === 'quiz' && scope.questions.map((q) => [q.multiple, q.choices.map((c) => c.correct)])).toEqual([
    [false, [true, false]],
    [true, [true, true, false]],
  ]);
  await form.getByRole('button', { name: 'Close' }).click();
  // Closing puts focus back on what opened the form (the new item's Edit, once it was saved), a frame later: wait for
  // it, so it cannot land after the keyboard moves below and take their focus.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? null)).toBe('Edit Scope quiz');

  // Keyboard: Enter moves the first item down and focus follows it; Space moves it back; Enter down again.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
  await practice.getByRole('button', { name: 'Move Warm-up quiz down', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => practiceTitles(practice)).toEqual(['Scope quiz', 'Warm-up quiz']);
  await expect.poll(focused).toBe('Move Warm-up quiz up');
  await page.keyboard.press('Space');
  await expect.poll(() => practiceTitles(practice)).toEqual(['Warm-up quiz', 'Scope quiz']);
  await expect.poll(focused).toBe('Move Warm-up quiz down');
  await page.keyboard.press('Enter');
  await expect.poll(() => practiceTitles(practice)).toEqual(['Scope quiz', 'Warm-up quiz']);
  await expect.poll(() => storedTitles(lesson), { timeout: 15_000 }).toEqual(['Scope quiz', 'Warm-up quiz']);

  // Delete asks first: Cancel keeps the item, Delete removes it.
  await practice.getByRole('button', { name: 'Delete Warm-up quiz', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this quiz?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(await storedTitles(lesson)).toEqual(['Scope quiz', 'Warm-up quiz']);
  await practice.getByRole('button', { name: 'Delete Warm-up quiz', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(() => practiceTitles(practice)).toEqual(['Scope quiz']);
  expect(await storedTitles(lesson)).toEqual(['Scope quiz']);
}, 120_000);

test('an admin edits an exercise of a published lesson: learners keep its published title until Update', async () => {
  const { course, lesson } = await courseWithLesson('Published practice');
  const exercise = await call<StudioExercise>('POST', `/api/studio/lessons/${lesson._id}/exercises`, {
    title: 'Add two numbers',
    prompt: '<p>Write add(a, b).</p>',
    language: 'javascript',
    starterCode: 'function add(a, b) {\n  // Your code here\n}',
    solution: 'function add(a, b) {\n  return a + b;\n}',
    tests: [{ name: 'adds', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false }],
  });
  expect(exercise.valid).toBe(true);
  const current = await call<StudioCourse>('GET', `/api/studio/courses/${course._id}`);
  await call<StudioCourse>('PATCH', `/api/studio/courses/${course._id}`, {
    status: 'published',
    version: current.version,
  });

  const { page } = await newPage(env.browser, env.server.url);
  const practice = await openPractice(page, course, lesson);
  await practice.getByRole('button', { name: 'Edit Add two numbers', exact: true }).click();
  // The form's heading (and so its region's name) follows the title being edited.
  await practice.getByRole('region', { name: 'Edit exercise: Add two numbers' }).waitFor();
  const form = practice.locator('section.practice-form');
  await form.getByText('Published · readers see this version').waitFor();
  await form.getByLabel('Exercise title').fill('Add two whole numbers');
  await form.getByText('Published · unsaved changes').waitFor();
  await form.getByRole('button', { name: 'Save exercise' }).click();
  await form.getByText('Changes not yet published').waitFor({ timeout: 30_000 });
  await expectAccessibleAtTop(page, 'a published exercise with changes not yet published');

  // A learner (signed out) still sees the published exercise.
  const learner = await newPage(env.browser, env.server.url);
  await learner.page.goto(`/exercise/${exercise._id}`);
  await learner.page.getByRole('heading', { level: 1, name: 'Add two numbers' }).waitFor({ timeout: 15_000 });

  // 'Preview exercise', beside Update, shows the changes as the exercise's page will: marked Preview, Run works in
  // the browser, and nothing can be submitted.
  const previewLink = form.getByRole('link', { name: 'Preview exercise' });
  expect(await previewLink.getAttribute('href')).toBe(`/preview/exercise/${exercise._id}`);
  const preview = await newPage(env.browser, env.server.url);
  await signInAt(preview.page, admin, `/preview/exercise/${exercise._id}`);
  await preview.page.getByRole('heading', { level: 1, name: 'Add two whole numbers' }).waitFor({ timeout: 15_000 });
  await preview.page
    .getByRole('status')
    .filter({ hasText: /^Preview/ })
    .waitFor();
  expect(await preview.page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1);
  expect(await preview.page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
  await preview.page.getByRole('button', { name: 'Run', exact: true }).click();
  await preview.page.getByText('0 of 1 visible test passed').waitFor({ timeout: 30_000 });
  for (const theme of ['light', 'dark'] as const) {
    await preview.page.emulateMedia({ colorScheme: theme });
    await preview.page.setViewportSize({ width: 360, height: 800 });
    await expectAccessibleAtTop(preview.page, `the preview of a published exercise's changes (${theme}, 360 px)`);
  }

  await form.getByRole('button', { name: 'Update exercise' }).click();
  await form.getByText('Published · readers see this version').waitFor({ timeout: 15_000 });
  await learner.page.reload();
  await learner.page.getByRole('heading', { level: 1, name: 'Add two whole numbers' }).waitFor({ timeout: 15_000 });
}, 120_000);

test('the lesson editor with its Practice section and both forms pass axe in both themes at 1280 and 360 px', async () => {
  const { course, lesson } = await courseWithLesson('Axe practice');
  await call<StudioQuiz>('POST', `/api/studio/lessons/${lesson._id}/quizzes`, quizBody('Axe quiz'));
  const { page } = await newPage(env.browser, env.server.url);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const where = `(${theme}, ${width} px)`;
      const practice = await openPractice(page, course, lesson);
      await expect.poll(() => practiceTitles(practice)).toEqual(['Axe quiz']);
      await expectAccessibleAtTop(page, `the lesson editor with its Practice section ${where}`);
      await practice.getByRole('button', { name: 'Add exercise' }).click();
      await practice.getByRole('region', { name: 'New exercise' }).waitFor();
      await page.getByRole('textbox', { name: 'Prompt' }).waitFor({ timeout: 15_000 });
      await expectAccessibleAtTop(page, `the new exercise form ${where}`);
      await practice.getByRole('button', { name: 'Edit Axe quiz', exact: true }).click();
      await practice.getByRole('region', { name: 'Edit quiz: Axe quiz' }).waitFor();
      await expectAccessibleAtTop(page, `the quiz form ${where}`);
    }
  }
}, 240_000);

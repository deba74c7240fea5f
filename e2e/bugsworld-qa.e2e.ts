// BugsWorld as a Q&A in a real browser against the real server: ask about a moment from a lesson, see the
// link back on the bug and land at that time; the draft survives Escape; edit, accept, vote, filter by tag, and
// load more. axe checks each new screen and state.
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { TEXT } from '../src/shared/constants';
import type { Bug, CourseCard, CourseWithLessons, Solution } from '../src/shared/contract';
import {
  callApi,
  createAccount as createTestAccount,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  waitFor,
  expectAlert,
  typeRichText,
} from './harness';

const env = setUpBrowserTests();

const call = <T>(method: string, path: string, account?: TestAccount, body?: unknown) =>
  callApi<T>(env.server, method, path, account, body);
const createAccount = (name: string) => createTestAccount(env.server, name);

let asker: TestAccount;
let solver: TestAccount;
let voter: TestAccount;

beforeAll(async () => {
  [asker, solver, voter] = [
    await createAccount('Asker Person'),
    await createAccount('Solver Person'),
    await createAccount('Voter Person'),
  ];
});

/** axe on the page as it is, in the light theme at 1280 px, then in the dark theme at 360 px (a phone). */
async function expectAccessibleBothWays(page: Page, screen: string) {
  await expectAccessible(page, screen);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page, `${screen} (dark, 360 px)`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

async function demoLesson() {
  for (const course of await call<CourseCard[]>('GET', '/api/course/getCourse')) {
    const detail = await call<CourseWithLessons>('GET', `/api/lession/getLessionList/${course._id}`);
    if (detail.lessonlist.length > 0) return { courseId: course._id, lesson: detail.lessonlist[0] };
  }
  throw new Error('no demo lesson');
}

test('ask about a moment from a lesson, see the link back on the bug, and land at that time', async () => {
  const { courseId, lesson } = await demoLesson();
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, asker, `/course/${courseId}/${lesson._id}`);
  await waitFor(() => page.evaluate(() => (document.querySelector('video')?.readyState ?? 0) >= 1), 15_000);
  const duration = await page.evaluate(() => document.querySelector('video')?.duration ?? 0);
  const at = Math.max(1, Math.min(3, Math.floor(duration) - 1));
  await page.evaluate((t) => {
    const video = document.querySelector('video');
    if (video) video.currentTime = t;
  }, at);
  await waitFor(async () => Math.abs((await videoTime(page)) - at) < 0.5);

  await page.getByRole('heading', { name: 'Questions on this lesson' }).waitFor();
  await page.getByRole('button', { name: 'Ask about this moment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a bug' });
  const clock = `0:0${at}`;
  await dialog.getByText(`Asked at ${clock} in ${lesson.title}`).waitFor();
  await dialog.getByLabel('Bug title').fill('Why does the state reset here?');
  await typeRichText(page, 'Bug description', 'The counter goes back to zero.');
  await dialog.getByLabel('Tags').fill('react');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Remove tag react' }).waitFor();
  await expectAccessibleBothWays(page, 'add-bug dialog with a lesson moment and a tag');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expectAlert(page, TEXT.bugAdded);

  // The lesson lists it with its time, and marks it on the timeline strip.
  const questions = page.locator('.lesson-questions');
  const link = questions.getByRole('link', { name: 'Why does the state reset here?' });
  await link.waitFor();
  await questions
    .getByRole('button', { name: new RegExp(`^Go to ${clock}: Why does the state reset here\\?`) })
    .waitFor();
  await expectAccessibleBothWays(page, 'lesson page with its questions');

  // Choosing the time seeks the video there.
  await page.evaluate(() => {
    const video = document.querySelector('video');
    if (video) video.currentTime = 0;
  });
  await questions.locator('.question-list__time').first().click();
  await waitFor(async () => Math.abs((await videoTime(page)) - at) < 0.5);

  // A time written in a lesson comment is a link that seeks the video in place.
  await call('POST', '/api/lession/addcomment', solver, {
    lession: lesson._id,
    content: `<p>Look at 0:0${at} closely</p>`,
  });
  await page.reload();
  await waitFor(() => page.evaluate(() => (document.querySelector('video')?.readyState ?? 0) >= 1), 15_000);
  const timeLink = page.locator('.lesson-comments').getByRole('link', { name: clock, exact: true });
  await timeLink.waitFor({ timeout: 15_000 });
  await page.evaluate(() => {
    const video = document.querySelector('video');
    if (video) video.currentTime = 0;
  });
  await timeLink.click();
  await waitFor(async () => Math.abs((await videoTime(page)) - at) < 0.5);
  expect(new URL(page.url()).search).toBe('');

  await link.click();
  const back = page.getByRole('link', { name: `Asked at ${clock} in ${lesson.title}` });
  await back.waitFor();
  await expectAccessible(page, 'bug asked at a lesson moment');
  await back.click();
  await page.waitForURL((url) => url.pathname === `/course/${courseId}/${lesson._id}` && url.search === `?t=${at}`);
  await waitFor(async () => Math.abs((await videoTime(page)) - at) < 0.5, 15_000);
});

test('a bug drafted in the add dialog survives Escape until it is discarded', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  page.on('dialog', (d) => void d.accept());
  await signInAt(page, asker, '/bugs');
  await page.getByRole('button', { name: 'Add a bug' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a bug' });
  await dialog.getByLabel('Bug title').fill('Half-written bug');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Add a bug' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a bug' });
  expect(await dialog.getByLabel('Bug title').inputValue()).toBe('Half-written bug');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await waitFor(async () => (await dialog.getByLabel('Bug title').inputValue()) === '');
});

/** The dialog's problem saying `text`: shown inside the dialog, inside the window, and not covered by anything. */
async function expectProblemInView(page: Page, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Add a bug' });
  const problem = dialog.getByRole('alert').filter({ hasText: `Error: ${text}` });
  await problem.waitFor({ state: 'visible' });
  const seen = await problem.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const inWindow = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    // What a reader sees at the start and the middle of the message: the message itself, not something drawn over it.
    const points = [
      [box.left + 4, box.top + box.height / 2],
      [box.left + box.width / 2, box.top + box.height / 2],
    ];
    const onTop = points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el.contains(hit);
    });
    return { inWindow, onTop, inDialog: el.closest('[role="dialog"]') !== null, height: box.height };
  });
  expect(seen).toMatchObject({ inWindow: true, onTop: true, inDialog: true });
  expect(seen.height).toBeGreaterThan(0);
  return problem;
}

test.each([
  [1280, 800],
  [360, 640],
])('the add dialog shows why it refused a bug inside itself, beside the field, at %i px', async (width, height) => {
  const writer = await createAccount(`Dialog Person ${width}`);
  // The server's two refusals are what this test is about.
  const { page } = await newPage(env.browser, env.server.url, { console: [/400 \(Bad Request\).*\/api\/bug\/addbug/] });
  await page.setViewportSize({ width, height });
  await signInAt(page, writer, '/bugs');
  await page.getByRole('button', { name: 'Add a bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a bug' });
  const title = dialog.getByLabel('Bug title');
  const description = dialog.getByRole('textbox', { name: 'Bug description' });
  await description.waitFor({ timeout: 15_000 });

  // Nothing typed: the title is the first thing refused; focus goes to it.
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const titleProblem = await expectProblemInView(page, 'title is required');
  expect(await title.getAttribute('aria-invalid')).toBe('true');
  expect(await title.getAttribute('aria-describedby')).toBe(await titleProblem.getAttribute('id'));
  expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
  await expectAccessible(page, `the add-bug dialog refusing an empty title (${width} px)`);

  // A title but no description: the description is refused beside the editor, and the title's problem is gone.
  await title.fill(`No description at ${width} px`);
  await expect.poll(() => titleProblem.isVisible()).toBe(false);
  expect(await title.getAttribute('aria-invalid')).toBeNull();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const descriptionProblem = await expectProblemInView(page, 'description is empty: describe the bug');
  expect(await description.getAttribute('aria-invalid')).toBe('true');
  expect(await description.getAttribute('aria-describedby')).toBe(await descriptionProblem.getAttribute('id'));
  expect(await description.evaluate((el) => el === document.activeElement)).toBe(true);
  await expectAccessible(page, `the add-bug dialog refusing an empty description (${width} px)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `the add-bug dialog refusing an empty description (dark, ${width} px)`);

  // Typing into the description takes its problem away; the bug is then added.
  await page.keyboard.type('It is not empty any more.');
  await expect.poll(() => descriptionProblem.isVisible()).toBe(false);
  expect(await description.getAttribute('aria-invalid')).toBeNull();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectAlert(page, TEXT.bugAdded);
  await dialog.waitFor({ state: 'detached' });
});

test('edit, accept, vote, filter by tag and load more', async () => {
  // A page and more of other people's bugs, for 'Load more' (older than the bug below, which stays on page one).
  const filler = await createAccount('Filler Person');
  for (let i = 0; i < 21; i++)
    await call<Bug>('POST', '/api/bug/addbug', filler, { title: `Filler bug ${i}`, description: '<p>f</p>' });
  const bug = await call<Bug>('POST', '/api/bug/addbug', asker, {
    title: 'Vite build fails on Windows',
    description: '<p>Path separators at 1:05?</p>',
    tags: ['vite', 'windows'],
  });
  const solution = await call<Solution>('POST', '/api/bug/addcomment', solver, {
    bug: bug._id,
    content: '<p>Use path.posix</p>',
  });

  // The author edits the bug and accepts the solution.
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, asker, `/bugs/${bug._id}`);
  await page.getByRole('button', { name: 'Edit bug' }).click();
  const form = page.getByRole('form', { name: 'Edit the bug' });
  await form.getByLabel('Bug title').fill('Vite build fails on Windows 11');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: /Vite build fails on Windows 11/ }).waitFor();
  await page.locator('.bug-detail__meta .edited').waitFor();
  await page.getByRole('button', { name: 'Accept this solution' }).click();
  await page.locator('.solution--accepted').getByText('Accepted').waitFor();
  await page.getByRole('heading', { name: /Solved/ }).waitFor();
  await expectAccessibleBothWays(page, 'bug page, solved, with the accepted solution');

  // Another reader votes; the solver cannot vote on their own solution.
  const other = await newPage(env.browser, env.server.url);
  await signInAt(other.page, voter, `/bugs/${bug._id}`);
  const up = other.page.getByRole('button', { name: /^Vote up the solution by Solver Person/ });
  await up.click();
  await waitFor(async () => (await up.getAttribute('aria-pressed')) === 'true');
  await other.page.getByText('Score 1', { exact: true }).waitFor();
  await expectAccessible(other.page, 'bug page after a vote');
  const own = await newPage(env.browser, env.server.url);
  await signInAt(own.page, solver, `/bugs/${bug._id}`);
  await own.page.getByText('Score 1', { exact: true }).waitFor();
  expect(await own.page.getByRole('button', { name: /^Vote up/ }).count()).toBe(0);
  expect(solution._id).toBeTruthy();

  // The card shows Solved, the count and best score; its tag chip filters the list.
  await signInAt(other.page, voter, '/bugs');
  const card = other.page.locator('section[aria-labelledby="other-bugs"] article').filter({ hasText: 'Windows 11' });
  await card.getByText('Solved').waitFor();
  await card.getByText('1 solution · best score 1').waitFor();
  await card.getByRole('link', { name: 'vite', exact: true }).click();
  await other.page.waitForURL((url) => url.search === '?tag=vite');
  const others = other.page.locator('section[aria-labelledby="other-bugs"] article');
  await waitFor(async () => (await others.count()) === 1);
  await other.page.getByText('Tagged').waitFor();
  await expectAccessibleBothWays(other.page, '/bugs filtered by a tag');

  // Unfiltered, other people's bugs come 20 at a time.
  await other.page.getByRole('button', { name: 'Show all tags' }).click();
  await waitFor(async () => (await others.count()) === 20);
  await other.page.getByRole('button', { name: "Load more: other user's bugs" }).click();
  await waitFor(async () => (await others.count()) > 20);
  const titles = await others.locator('h3').allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
  await expectAccessible(other.page, '/bugs after Load more');

  // A tag typed into the filter (suggested from the tags in use) filters too.
  const tagField = other.page.getByLabel('Tag', { exact: true });
  await tagField.fill('win');
  await other.page.locator('.bugs-filters datalist option[value="windows"]').waitFor({ state: 'attached' });
  await tagField.fill('windows');
  await tagField.press('Enter');
  await other.page.waitForURL((url) => url.search === '?tag=windows');
  await waitFor(async () => (await others.count()) === 1);
});

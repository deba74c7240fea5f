// A keyboard-only walk: sign up, open the emailed link, log in, comment on a lesson, post a bug, add a
// solution, search, log out, with nothing but Tab, Shift+Tab, Enter, Escape, '/' and typing (no click anywhere),
// checking where focus is after each step.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { Course } from '../src/shared/contract';
import { mailedLink, newPage, setUpBrowserTests, waitFor } from './harness';

const env = setUpBrowserTests();

interface Focused {
  tag: string;
  name: string;
}

/** The focused element's tag and accessible name as a screen reader would give it (aria-label, its label, text). */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return { tag: '', name: '' };
    const labelledBy = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent;
    return { tag: el.tagName, name: (label ?? '').trim().replace(/\s+/g, ' ') };
  });

const matches = (now: Focused, tag: string, name: string | RegExp) =>
  now.tag === tag && (typeof name === 'string' ? now.name === name : name.test(now.name));

/** Presses Tab (or Shift+Tab) until focus is on `tag` named `name`, as a keyboard user would; fails after `max`. */
async function tabTo(page: Page, tag: string, name: string | RegExp, { back = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (matches(await focused(page), tag, name)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${tag} ${String(name)}`);
}

/** Waits until focus is on `tag` named `name` (after a page change or an action). */
async function expectFocus(page: Page, tag: string, name: string | RegExp) {
  let last: Focused = { tag: '', name: '' };
  try {
    await waitFor(async () => {
      last = await focused(page);
      return matches(last, tag, name) ? true : undefined;
    });
  } catch {
    throw new Error(`focus is on ${last.tag} "${last.name}", not ${tag} ${String(name)}`);
  }
}

/** A pattern for text that contains `text` literally. */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const alertText = (page: Page) => page.getByTestId('alert').first().textContent();

test('sign up → emailed link → log in → comment → bug → solution → search → log out, by keyboard alone', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const [course] = (await (await fetch(`${env.server.url}/api/course/getCourse`)).json()) as Course[];
  const email = `keys${Date.now()}@example.com`;
  const password = 'keyboard-only-1';

  // Sign up.
  await page.goto('/signup');
  await tabTo(page, 'INPUT', 'User name');
  await page.keyboard.type('Kim Keyboard');
  await tabTo(page, 'INPUT', 'Email');
  await page.keyboard.type(email);
  await tabTo(page, 'INPUT', 'Password');
  await page.keyboard.type(password);
  await tabTo(page, 'INPUT', 'Repeat password');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H2', 'Check your email');

  // The emailed link, then Login from the verification page.
  await page.goto(await mailedLink(env.server, email, '/user/verify/'));
  await page.getByText('Email Verified Successfully').waitFor();
  await tabTo(page, 'A', 'Login');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H1', 'Login');
  await tabTo(page, 'INPUT', 'Email');
  await page.keyboard.type(email);
  await tabTo(page, 'INPUT', 'Password');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H1', /^Learn to build with/);
  expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);

  // A comment on the first lesson of a course.
  await tabTo(page, 'A', 'Courses');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H1', 'Our Courses');
  await tabTo(page, 'A', `Start watching! ${course.title}`);
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H1', containing(course.title));
  await tabTo(page, 'A', /^Start the course/);
  await page.keyboard.press('Enter');
  // The comment box is drawn once its editor's chunk has loaded (it fills in after the lesson, like every signed-in
  // part): a keyboard user waits for it to appear, then tabs to it. Under load the chunk took longer than 150 presses.
  await page.getByRole('textbox', { name: 'Your comment' }).waitFor({ timeout: 60_000 });
  await tabTo(page, 'DIV', 'Your comment');
  await page.keyboard.type('Typed without a mouse');
  await tabTo(page, 'BUTTON', 'Submit');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'LI', /Kim Keyboard.*Typed without a mouse/);

  // A bug through the dialog.
  await tabTo(page, 'A', 'BugsWorld', { back: true });
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H1', 'Share your bugs');
  await tabTo(page, 'BUTTON', 'Add a bug');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'INPUT', 'Bug title');
  await page.keyboard.type('Keyboard trap in my modal');
  await tabTo(page, 'DIV', 'Bug description');
  await page.keyboard.type('Focus never leaves the dialog.');
  await tabTo(page, 'BUTTON', 'Add');
  await page.keyboard.press('Enter');
  await waitFor(async () => ((await page.getByRole('dialog').count()) === 0 ? true : undefined));
  await expectFocus(page, 'BUTTON', 'Add a bug');

  // A solution on the bug's page.
  await tabTo(page, 'A', 'Read more Keyboard trap in my modal');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'H1', 'Keyboard trap in my modal');
  await tabTo(page, 'DIV', 'Your solution');
  await page.keyboard.type('Let Escape close it.');
  await tabTo(page, 'BUTTON', 'My Solution');
  await page.keyboard.press('Enter');
  await expectFocus(page, 'LI', /Let Escape close it\./);

  // Search with the '/' shortcut, then follow a result.
  await page.keyboard.press('/');
  await expectFocus(page, 'INPUT', /Search/);
  await page.keyboard.type(course.title);
  await page.getByRole('dialog').getByRole('link').first().waitFor();
  await tabTo(page, 'A', containing(course.title));
  await page.keyboard.press('Enter');
  await waitFor(async () => ((await page.getByRole('dialog').count()) === 0 ? true : undefined));
  await expectFocus(page, 'H1', containing(course.title));

  // Log out.
  await tabTo(page, 'BUTTON', 'Logout', { back: true });
  await page.keyboard.press('Enter');
  await waitFor(async () => ((await alertText(page))?.includes('You are logged out') ? true : undefined));
  expect(await page.getByRole('link', { name: 'Login' }).count()).toBeGreaterThan(0);
});

// Accessibility in a real browser: focus and an announcement after navigation, truthful loading errors with Retry,
// the phone menu's Escape and the search shortcut, with axe on the error states.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Blog, Course, CourseWithLessons, TutorialCard } from '../src/shared/contract';
import {
  callApi,
  createAccount,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  waitFor,
  waitForHydration,
} from './harness';

const env = setUpBrowserTests();

/** Chromium logs a console error for every failed request; these tests make requests fail on purpose. */
const FAILED_REQUEST_LOG = /Failed to load resource: (the server responded with a status of 500|net::ERR_FAILED)/;

const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? { tag: active.tagName, text: active.textContent?.trim() ?? '' } : null;
  });

describe('focus after navigation', () => {
  test('following a navbar link by keyboard puts focus on the new page heading and names the page', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/');
    // Focus moves with the app's navigation: before hydration a link's click is held (and followed as a plain link
    // if the app takes over 3 s, as it can on a loaded machine), which e2e/ssr.e2e.ts covers.
    await waitForHydration(page);
    await page.locator('main [role="status"][aria-atomic="true"]').waitFor({ state: 'attached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => {
      const focused = await focusedElement(page);
      return focused?.tag === 'H1' && focused.text === 'Our Courses' ? focused : undefined;
    });
    await waitFor(async () =>
      (await page.locator('main [role="status"][aria-atomic="true"]').textContent()) === 'Our Courses'
        ? true
        : undefined,
    );
  });

  test('the first navigation after hydration is announced even when what it does arrives late', async () => {
    // The route announcer and the theme toggle are drawn with the frame, so a navigation right after hydration (an
    // urgent update, decision 0020) finds them hydrated; what a navigation does (focus the new heading, name the page)
    // is a chunk loaded with the first navigation, and focus and the announcement wait for it.
    const { page } = await newPage(env.browser, env.server.url);
    await page.route(/\/assets\/route-focus-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page);
    const toggle = await page.$('header button[aria-label="Dark theme"]');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => {
      const focused = await focusedElement(page);
      return focused?.tag === 'H1' && focused.text === 'Our Courses' ? focused : undefined;
    });
    expect(await page.locator('main [role="status"][aria-atomic="true"]').textContent()).toBe('Our Courses');
    // The toggle the server drew is the one in the page: hydrated, not thrown away and drawn again.
    expect(await toggle?.evaluate((button) => button.isConnected)).toBe(true);
  });
});

describe('loading errors', () => {
  test('the home page keeps its hero when the course list answers 500, and Retry recovers', async () => {
    const checked = await newPage(env.browser, env.server.url, { console: [FAILED_REQUEST_LOG] });
    const { page } = checked;
    let failing = true;
    await page.route('**/api/course/getCourse', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' })
        : route.continue(),
    );
    // The home page arrives with its courses rendered by the server (decision 0016): the browser reads them itself
    // when it is led there from another page.
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await problem.waitFor({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Learn to build with');
    await expect(problem.textContent()).resolves.toContain('The latest courses could not be loaded');
    expect(await page.getByText('Opps! Page not found').count()).toBe(0);
    await expectAccessible(page, 'the home page with a failed course list');

    failing = false;
    await problem.getByRole('button', { name: 'Retry' }).click();
    await page.locator('section[aria-labelledby="latest-courses"] article.card').first().waitFor();
    expect(await problem.count()).toBe(0);
  });

  test('a dropped connection on /course says the server could not be reached, and Retry recovers', async () => {
    const { page } = await newPage(env.browser, env.server.url, { console: [FAILED_REQUEST_LOG] });
    let dropping = true;
    await page.route('**/api/course/getCourse', (route) => (dropping ? route.abort('failed') : route.continue()));
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).click();
    const title = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
    await title.waitFor({ timeout: 30_000 });
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The server could not be reached');
    await expectAccessible(page, '/course after a dropped connection');

    dropping = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Courses' }).waitFor();
  });
});

describe('forms', () => {
  test('login names each problem beside its field and focuses the first; sign-up leaves a Check your email panel', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Enter your email address.');
    await expectAccessible(page, 'login with problems beside the fields');

    await page.goto('/signup');
    const address = `panel${Date.now()}@example.com`;
    await page.getByLabel('User name').fill('Panel Person');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('secret-password');
    await page.getByLabel('Repeat password').fill('secret-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const heading = page.getByRole('heading', { name: 'Check your email' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.auth__sent').textContent()).toContain(address);
    await expectAccessible(page, "sign-up's Check your email panel");
  });
});

describe('keyboard', () => {
  test('on a phone the menu closes on Escape and focus returns to its button', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("'/' opens the search dialog, Escape closes it", async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/');
    // The shortcut is the app's: on the server-rendered page it works once the page has hydrated.
    await waitForHydration(page);
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('themes', () => {
  let screens: [string, string][];
  let searchText: string;
  beforeAll(async () => {
    const get = async <T>(path: string) => (await (await fetch(`${env.server.url}${path}`)).json()) as T;
    const courses = await get<Course[]>('/api/course/getCourse');
    const course = (
      await Promise.all(courses.map((c) => get<CourseWithLessons>(`/api/lession/getLessionList/${c._id}`)))
    ).find((c) => c.lessonlist.length > 0);
    const [tutorial] = await get<TutorialCard[]>('/api/tutorial/getTutorial');
    const [blog] = await get<Blog[]>('/api/blog/getBlog');
    if (!course || !tutorial || !blog) throw new Error('the demo catalogue is missing a course, tutorial or post');
    searchText = course.title;
    screens = [
      ['home', '/'],
      ['courses', '/course'],
      ['a course', `/course/${course._id}`],
      ['a lesson', `/course/${course._id}/${course.lessonlist[0]._id}`],
      ['tutorials', '/tutorial'],
      ['a tutorial', `/tutorial/${tutorial._id}`],
      ['the blog', '/blog/'],
      ['a post', `/blog/${blog._id}`],
      ['contact', '/contact'],
      ['login', '/login'],
      ['sign-up', '/signup'],
      ['forgot password', '/user/forgot-password'],
      ['BugsWorld signed out', '/bugs'],
      ['404', '/no-such-page'],
    ];
  });

  test('follows the system setting, and every public screen passes axe in both themes at 1280 and 360 px', async () => {
    const { page } = await newPage(env.browser, env.server.url, { console: [/status of 404/] });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const [name, path] of screens) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          await expectAccessible(page, `${name} (${theme}, ${width} px)`);
        }
      }
    }
    // 56 axe runs; on the four screens with code, axe measures the contrast of every highlighted token.
  }, 180_000);

  test('signed-in screens and open dialogs pass axe in both themes at 1280 and 360 px', async () => {
    const reader = await createAccount(env.server, 'Axe Reader');
    const bug = await callApi<{ _id: string }>(env.server, 'POST', '/api/bug/addbug', reader, {
      title: 'A bug for axe',
      description: '<p>It breaks</p><pre><code>const x = 1;</code></pre>',
    });
    await callApi(env.server, 'POST', '/api/bug/addcomment', reader, { bug: bug._id, content: '<p>A fix</p>' });
    const lesson = screens.find(([name]) => name === 'a lesson')?.[1] ?? '/';
    const { page } = await newPage(env.browser, env.server.url);
    await signInAt(page, reader, '/');
    const signedIn: [string, string, (() => Promise<void>)?][] = [
      ['a lesson with its comments', lesson, () => page.getByRole('textbox', { name: 'Your comment' }).waitFor()],
      // The server draws /bugs signed out: the board replaces it once the page has hydrated.
      ['BugsWorld', '/bugs', () => page.getByRole('heading', { level: 1, name: 'Share your bugs' }).waitFor()],
      [
        'a bug with a solution',
        `/bugs/${bug._id}`,
        () => page.getByRole('textbox', { name: 'Your solution' }).waitFor(),
      ],
      [
        'the add-bug dialog',
        '/bugs',
        async () => {
          await page.getByRole('button', { name: 'Add a bug' }).click();
          await page.getByRole('textbox', { name: 'Bug description' }).waitFor();
        },
      ],
      [
        'the search dialog with results',
        '/',
        async () => {
          await waitForHydration(page);
          await page.keyboard.press('/');
          await page.getByRole('dialog').getByRole('searchbox').fill(searchText);
          await page.getByRole('dialog').getByRole('link').first().waitFor();
        },
      ],
    ];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const [name, path, ready] of signedIn) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await ready?.();
          await expectAccessible(page, `${name} (${theme}, ${width} px)`);
        }
      }
    }
  }, 180_000);

  test('the toggle overrides the system and is remembered, applied before the app runs', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    // The server draws the toggle without knowing the system setting; it takes the browser's once hydrated.
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expectAccessible(page, 'home (light, chosen over a dark system)');

    // The theme is on <html> before any module script runs: no flash of the other theme.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { themeAtParse?: string }).themeAtParse = document.documentElement.dataset.theme;
        }
      });
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { themeAtParse?: string }).themeAtParse)).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });
});

/**
 * axe's colour-contrast check on the lesson list's marks, as on any text: by default axe leaves text of one symbol
 * (✓, ◐) unmeasured, but a mark drawn as a character is text and needs 4.5:1 like any other.
 */
async function expectMarksReadable(page: Page, screen: string): Promise<void> {
  const problems = await page.evaluate(async () => {
    const marks = document.querySelectorAll('.lesson-list .lesson-mark');
    if (marks.length === 0) return ['no marks in the lesson list'];
    // Check options are part of axe's run options, though its type declarations leave them out.
    const options = {
      runOnly: { type: 'rule' as const, values: ['color-contrast'] },
      checks: { 'color-contrast': { options: { ignoreUnicode: false, ignoreLength: true } } },
    };
    const result = await window.axe?.run(marks, options);
    if (!result) return ['axe did not run'];
    const unmeasured = result.incomplete.flatMap((rule) => rule.nodes);
    const failed = result.violations.flatMap((rule) => rule.nodes);
    return [...failed, ...unmeasured].map(
      (node) => `${node.target.join(' ')}: ${JSON.stringify(node.any.map((check) => check.data as unknown))}`,
    );
  });
  expect(problems, screen).toEqual([]);
}

describe('contrast of states the screen walks above do not reach', () => {
  test("the search dialog's 'Premium users only' passes axe in both themes", async () => {
    const { page } = await newPage(env.browser, env.server.url);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/');
      await waitForHydration(page);
      await page.keyboard.press('/');
      await page.getByRole('dialog').getByText('Premium users only').waitFor();
      await expectAccessible(page, `the search dialog signed out (${theme})`);
    }
  });

  test('the lesson list’s highlighted row passes axe with a done and a partly watched mark, in both themes', async () => {
    const learner = await createAccount(env.server, 'Mark Reader');
    const course = await (async () => {
      for (const card of await callApi<Course[]>(env.server, 'GET', '/api/course/getCourse')) {
        const detail = await callApi<CourseWithLessons>(env.server, 'GET', `/api/lession/getLessionList/${card._id}`);
        if (detail.lessonlist.length >= 2 && detail.lessonlist[1].duration) return { ...detail, _id: card._id };
      }
      throw new Error('no demo course with two lessons');
    })();
    const [done, partly] = course.lessonlist;
    await callApi(env.server, 'PUT', `/api/progress/${done._id}/complete`, learner, { completed: true });
    await callApi(env.server, 'PUT', `/api/progress/${partly._id}`, learner, {
      ranges: [[0, 2]],
      position: 2,
      duration: partly.duration,
    });
    const { page } = await newPage(env.browser, env.server.url);
    await signInAt(page, learner, '/');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const [lesson, mark] of [
        [done, 'done'],
        [partly, 'partial'],
      ] as const) {
        await page.goto(`/course/${course._id}/${lesson._id}`);
        await page.locator(`.lesson-list__link[aria-current="page"] .lesson-mark--${mark}`).waitFor();
        await expectAccessible(page, `a lesson whose highlighted row is marked ${mark} (${theme})`);
        await expectMarksReadable(page, `the lesson list marked ${mark} (${theme})`);
      }
    }
  });
});

// Server-rendered pages in a real browser: each public page arrives with its content, hydrates with no
// console error (a hydration mismatch is one) and without fetching the data it was handed, then works as the app;
// with JavaScript off the pages are still readable and their links still lead somewhere.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { TEXT } from '../src/shared/constants';
import type { Blog, CourseCard, CourseWithLessons, TutorialCard } from '../src/shared/contract';
import { createAccount, expectAccessible, newPage, setUpBrowserTests, signInAt, waitForHydration } from './harness';

const env = setUpBrowserTests();
let pages: [name: string, path: string, h1: string | RegExp][];
let course: CourseWithLessons;
let firstPost: Blog;

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${env.server.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const cards = await getJson<CourseCard[]>('/api/course/getCourse');
  const withLessons = cards.find((c) => c.lessonCount > 0);
  if (!withLessons) throw new Error('the demo catalogue has no course with lessons');
  course = await getJson<CourseWithLessons>(`/api/lession/getLessionList/${withLessons._id}`);
  const [tutorial] = await getJson<TutorialCard[]>('/api/tutorial/getTutorial');
  const [post] = await getJson<Blog[]>('/api/blog/getBlog');
  firstPost = post;
  const lesson = course.lessonlist[1] ?? course.lessonlist[0];
  pages = [
    ['home', '/', /Learn to build with/],
    ['courses', '/course', 'Our Courses'],
    ['a course', `/course/${course._id}`, `Course on: ${course.title}`],
    ['a lesson', `/course/${course._id}/${lesson._id}`, lesson.title],
    ['tutorials', '/tutorial', 'Our Tutorials'],
    ['a tutorial', `/tutorial/${tutorial._id}`, tutorial.title],
    ['the blog', '/blog/', 'Our Blogs'],
    ['a post', `/blog/${post._id}`, post.title],
    ['contact', '/contact', 'Contact'],
    // Drawn signed out (the server has no session).
    ['BugsWorld', '/bugs', TEXT.premiumOnly],
    ['the 404 view', '/no/such/page', TEXT.notFoundTitle],
  ];
});

/** Reads a page leaves to the browser by design: a lesson's questions change with every bug asked, so
 *  the browser reads them after hydration and a cached page never shows stale ones. */
const LEFT_TO_BROWSER = [/^\/api\/lession\/[^/]+\/bugs$/];

/** Opens `path` and waits until React has hydrated it. Answers the API calls the page made (but those above).
 *  Records the page's layout shifts from its first paint on (`layoutShift`). */
async function openHydrated(page: Page, path: string): Promise<string[]> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        // Below a thousandth, what Lighthouse shows as CLS 0: the home page's typing caret moves by a pixel as it types.
        if (entry.hadRecentInput || entry.value < 0.001) continue;
        const moved = entry.sources.map((source) =>
          source.node instanceof Element
            ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
            : source.node?.nodeName,
        );
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !LEFT_TO_BROWSER.some((read) => read.test(url.pathname)))
      calls.push(url.pathname);
  });
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  return calls;
}

/** The layout shifts the page has had (Lighthouse's CLS counts them), each with what moved. */
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

describe('server-rendered pages in the browser', () => {
  test('every public page hydrates without a console error and without fetching its data again', async () => {
    for (const [name, path, h1] of pages) {
      const checked = await newPage(env.browser, env.server.url);
      // Chromium logs the 404 document's status as a console error: that one is expected.
      if (name === 'the 404 view') checked.allow({ console: [/status of 404/] });
      const { page } = checked;
      const calls = await openHydrated(page, path);
      await page.getByRole('heading', { level: 1, name: h1 }).first().waitFor();
      expect(calls, `${name} fetched again`).toEqual([]);
      expect(await layoutShifts(page), `${name} moved while it loaded`).toEqual([]);
      checked.assertClean();
      await checked.close();
    }
  });

  test('after hydrating, links navigate in the app (no new document) and fetch what the next page needs', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await openHydrated(page, `/course/${course._id}`);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('link', { name: course.lessonlist[0].title }).first().click();
    await page.getByRole('heading', { level: 1, name: course.lessonlist[0].title }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Blogs' }).waitFor();
    expect(documents).toEqual([]);
  });

  test('a click made before the app has hydrated the page is answered once it has; a link waits for the app', async () => {
    /** `/contact` drawn with its entry script held back, as on a slow connection, until `release`. */
    const heldBack = async () => {
      const { page } = await newPage(env.browser, env.server.url);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/contact', { waitUntil: 'commit' }); // 'load' waits for the held script
      await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      return { page, release };
    };
    const search = (page: Page) => page.getByRole('searchbox', { name: 'Search courses and tutorials' });

    const clicked = await heldBack();
    await search(clicked.page).click();
    expect(await clicked.page.getByRole('dialog').count()).toBe(0);
    clicked.release();
    await clicked.page.getByRole('dialog', { name: 'Search' }).waitFor();

    // Enter on the search box, as a keyboard reader opens it.
    const typed = await heldBack();
    await search(typed.page).focus();
    await typed.page.keyboard.press('Enter');
    typed.release();
    await typed.page.getByRole('dialog', { name: 'Search' }).waitFor();

    // 'Login' clicked before hydration: not a new document (which would lose where login returns to), the app's
    // navigation once it runs.
    const followed = await heldBack();
    await followed.page.getByRole('link', { name: 'Login' }).click();
    expect(new URL(followed.page.url()).pathname).toBe('/contact');
    followed.release();
    await followed.page.waitForURL(/\/login$/);
    await followed.page.getByRole('heading', { level: 1 }).waitFor();
    const sameDocument = await followed.page.evaluate(
      () => (window as unknown as { sameDocument?: boolean }).sameDocument,
    );
    expect(sameDocument).toBe(true);
  });

  test('signed in, the lesson page fills in its signed-in parts after hydration, without a mismatch', async () => {
    const account = await createAccount(env.server, 'Hydra Reader');
    const { page } = await newPage(env.browser, env.server.url);
    const lesson = course.lessonlist[0];
    await signInAt(page, account, `/course/${course._id}/${lesson._id}`);
    await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
    // The comment box replaces the signed-out invitation the server drew.
    await page.getByRole('region', { name: 'Comments' }).getByRole('button').first().waitFor();
    expect(await page.getByText(TEXT.loginForComments).count()).toBe(0);
    await expectAccessible(page, 'a server-rendered lesson page, signed in');
  });

  test('signed in, /bugs replaces the signed-out invitation the server drew with the board, without a mismatch', async () => {
    const account = await createAccount(env.server, 'Hydra Bugs');
    const { page } = await newPage(env.browser, env.server.url);
    await signInAt(page, account, '/bugs');
    await page.getByRole('heading', { level: 1, name: 'Share your bugs' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Your bugs here' }).waitFor();
    expect(await page.getByText(TEXT.premiumOnly).count()).toBe(0);
  });

  test('a phone gets the lesson list closed from the first paint, with nothing moving on hydration', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 360, height: 800 });
    const lesson = course.lessonlist[0];
    await openHydrated(page, `/course/${course._id}/${lesson._id}`);
    expect(await page.locator('.lesson-sidebar').isVisible()).toBe(false);
    // Its stylesheets, inlined in the page, keep their order when the lazy parts load (the entry's used to come again,
    // last, and take the lesson layout's top padding away).
    expect(await layoutShifts(page)).toEqual([]);
    const toggle = page.getByRole('button', { name: 'Lessons' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await page.locator('.lesson-sidebar').isVisible()).toBe(true);
  });

  test('the lesson questions the server drew are hydrated when their code arrives, not thrown away and drawn again', async () => {
    // Their code is a chunk of its own, loaded after the page hydrates; an update reaching them before it has loaded
    // (the video element arriving, a phone closing the lesson list) would make React discard the server's HTML.
    for (const width of [360, 1280]) {
      const { page } = await newPage(env.browser, env.server.url);
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __drawn: Element | null }).__drawn = document.querySelector('.lesson-questions');
        });
      });
      const lesson = course.lessonlist[0];
      await openHydrated(page, `/course/${course._id}/${lesson._id}`);
      // Loaded: the questions' own read has answered.
      await page.locator('.lesson-questions').locator('.bugs-empty, .question-list').first().waitFor();
      const same = await page.evaluate(() => {
        const drawn = (window as unknown as { __drawn: Element | null }).__drawn;
        return drawn !== null && drawn === document.querySelector('.lesson-questions');
      });
      expect(same, `at ${width} px`).toBe(true);
    }
  });
});

test('a reader far from UTC: the post date hydrates as the server drew it, then shows in the reader’s zone', async () => {
  const timezoneId = 'Pacific/Kiritimati'; // UTC+14: most dates fall on another day than in UTC
  const context = await env.browser.newContext({ baseURL: env.server.url, timezoneId });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(`/blog/${firstPost._id}`);
    await waitForHydration(page);
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(new Date(firstPost.date));
    await expect.poll(() => page.locator('main time').first().textContent()).toBe(local);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

describe('with JavaScript off', () => {
  test('pages are readable and their links lead on', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [name, path, h1] of pages) {
        const res = await page.goto(path);
        expect(res?.status(), name).toBe(name === 'the 404 view' ? 404 : 200);
        await page.getByRole('heading', { level: 1, name: h1 }).first().waitFor();
      }
      await page.goto('/course');
      await page.getByRole('link', { name: `Start watching! ${course.title}` }).click();
      await page.getByRole('heading', { level: 1, name: `Course on: ${course.title}` }).waitFor();
      await page.getByRole('link', { name: course.lessonlist[0].title }).first().click();
      await page.getByRole('heading', { level: 1, name: course.lessonlist[0].title }).waitFor();
      expect(await page.getByText(TEXT.loginForComments).count()).toBe(1);
      // A phone without JavaScript cannot use the lesson list's button: the list stays open.
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await page.getByRole('navigation', { name: 'Lessons' }).isVisible()).toBe(true);
      // BugsWorld, signed out: the invitation to log in, not the note that the site needs JavaScript.
      await page.goto('/bugs');
      await page.getByRole('heading', { level: 1, name: TEXT.premiumOnly }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Log in' }).waitFor();
      expect(await page.getByText('needs JavaScript').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

// A browser walk of every public screen: the specified texts, navbar, title rule, 404s, the lesson sidebar,
// a lesson video that really plays, the search modal (signed out and signed in) and logout.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXCERPT, TEXT } from '../src/shared/constants';
import type { Blog, Course, CourseWithLessons, Tutorial, TutorialCard } from '../src/shared/contract';
import { excerpt } from '../src/web/lib/excerpt';
import { formatDate } from '../src/web/lib/format';
import { createAccount, newPage, setUpBrowserTests, signInAt, type TestAccount, waitForHydration } from './harness';

/** An admin's navbar holds every link there is (My learning and Studio too): the widest it gets. */
const NAV_ADMIN = 'navbar-admin@example.test';
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: NAV_ADMIN } });

let courses: Course[];
/** The first course that has lessons (the demo catalogue may hold an empty one). */
let course: CourseWithLessons;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${env.server.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Chromium logs a console error for every non-2xx response; screens that expect one allow exactly that. */
const HTTP_ERROR_LOG = /Failed to load resource: the server responded with a status of (401|404)/;

beforeAll(async () => {
  courses = await getJson<Course[]>('/api/course/getCourse');
  expect(courses.length).toBeGreaterThanOrEqual(3);
  for (const c of courses) {
    const detail = await getJson<CourseWithLessons>(`/api/lession/getLessionList/${c._id}`);
    if (detail.lessonlist.length > 0) {
      course = detail;
      break;
    }
  }
  expect(course, 'a course with lessons').toBeTruthy();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('home', () => {
  test('hero with a rotating word, the two buttons, the last 3 courses, footer and title', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('DevCourses | home');

    const hero = page.getByRole('heading', { level: 1 });
    await hero.waitFor();
    // The visible word is typed and erased: it changes over time and is always a prefix of one of the words.
    const typed = hero.locator('[aria-hidden="true"]').first();
    const samples = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const text = (await typed.textContent()) ?? '';
      expect(TEXT.heroWords.some((w) => w.startsWith(text))).toBe(true);
      samples.add(text);
      await page.waitForTimeout(150);
    }
    expect(samples.size).toBeGreaterThan(1);
    expect(await hero.textContent()).toContain(TEXT.heroWords.join(', '));

    expect(await page.getByRole('link', { name: 'Free Courses', exact: true }).getAttribute('href')).toBe('/course');
    expect(await page.getByRole('link', { name: 'Explore blogs', exact: true }).getAttribute('href')).toBe('/blog/');

    await page.getByRole('heading', { name: 'Latest Courses' }).waitFor();
    const cards = page.locator('.card');
    await cards.first().waitFor();
    const titles = await cards.locator('.card__title').allTextContents();
    expect(titles).toEqual(courses.slice(-3).map((c) => c.title));
    expect(await page.locator('footer').textContent()).toContain('©2023');
  });

  test('the progress bar completes and hides once the page has loaded', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/course');
    await page.locator('.card').first().waitFor();
    await expect.poll(() => page.locator('.progress-bar').getAttribute('aria-valuenow')).toBe('0');
    const bar = await page.locator('.progress-bar').evaluate((el) => {
      const style = getComputedStyle(el);
      return { height: style.height, position: style.position, color: style.backgroundColor };
    });
    expect(bar).toEqual({ height: '2px', position: 'fixed', color: 'rgb(239, 28, 36)' });
  });
});

describe('navbar', () => {
  test('links lead to every public screen, the title follows the first path segment', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const walk: [string, string, string, string][] = [
      ['Courses', '/course', 'Our Courses', 'DevCourses | course'],
      ['Tutorial', '/tutorial', 'Our Tutorials', 'DevCourses | tutorial'],
      ['Blog', '/blog/', 'Our Blogs', 'DevCourses | blog'],
      ['Contact', '/contact', 'Contact', 'DevCourses | contact'],
      ['Home', '/', 'Learn to build with', 'DevCourses | home'],
    ];
    for (const [link, path, h1, title] of walk) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await page.getByRole('heading', { level: 1, name: h1 }).first().waitFor();
      await expect.poll(() => page.title()).toBe(title);
      expect(await nav.getByRole('link', { name: link, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    expect(await nav.getByRole('link', { name: 'BugsWorld', exact: true }).getAttribute('href')).toBe('/bugs');
    expect(await nav.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('searchbox').getAttribute('placeholder')).toBe(TEXT.searchPlaceholder);
    // Sticky: still on screen after scrolling down.
    await page.mouse.wheel(0, 2000);
    expect(await page.locator('header.navbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
  });

  test('at 360 px the menu collapses behind a toggle button', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await waitForHydration(page); // the toggle is the app's (a click before is held, then answered: e2e/ssr.e2e.ts)
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const courses = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true });
    expect(await courses.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await courses.click();
    await heading(page, 'Our Courses').waitFor();
    // The menu closes after navigating; nothing is wider than the screen.
    expect(await courses.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe('navbar at every width', () => {
  let admin: TestAccount;
  beforeAll(async () => {
    admin = await createAccount(env.server, 'Navbar Admin', { email: NAV_ADMIN });
  });

  /** Signed in as an admin, on the home page once the signed-in links (My learning, Studio) are drawn. */
  async function openAsAdmin(page: Page, width: number) {
    await page.setViewportSize({ width, height: 800 });
    await signInAt(page, admin, '/');
    await waitForHydration(page);
    await page.locator('.navbar a[href="/studio"]').waitFor({ state: 'attached' });
  }

  const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  test('at 1280 px, signed in with every link, the search box shows its whole placeholder', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await openAsAdmin(page, 1280);
    const box = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox');
    expect(await box.isVisible()).toBe(true);
    const fit = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: Math.ceil(context.measureText(input.placeholder).width), room };
    });
    expect(fit.text, `placeholder ${fit.text} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  test('narrower, search is a button and the links a menu: no width scrolls sideways, menu open or shut', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await openAsAdmin(page, 1024);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Toggle navigation' });
    const widths = [1279, 1024, 900, 768, 360];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysScroll(page), `${width} px`).toBeLessThanOrEqual(0);
    }
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      expect(await nav.getByRole('searchbox').isVisible(), `${width} px`).toBe(false);
      expect(await nav.getByRole('link', { name: 'Courses', exact: true }).isVisible(), `${width} px`).toBe(false);

      await toggle.click();
      await nav.getByRole('link', { name: 'Studio', exact: true }).waitFor();
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible(), `${width} px`).toBe(true);
      expect(await sidewaysScroll(page), `${width} px, menu open`).toBeLessThanOrEqual(0);
      await toggle.click();
      await nav.getByRole('link', { name: 'Studio', exact: true }).waitFor({ state: 'hidden' });

      await nav.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByText(TEXT.searchNote).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Focus goes back to the button that opened it.
      expect(
        await nav.getByRole('button', { name: 'Search', exact: true }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
    }
  });
});

describe('courses and lessons', () => {
  test('/course: cards with cover alt, title, 90-character plain excerpt and Start watching!', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/course');
    await heading(page, 'Our Courses').waitFor();
    const cards = page.locator('.card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(courses.length);
    const first = cards.first();
    expect(await first.locator('img').getAttribute('alt')).toContain(courses[0].title);
    expect(await first.locator('.card__title').textContent()).toBe(courses[0].title);
    const text = (await first.locator('.card__text').textContent()) ?? '';
    expect(text).toBe(excerpt(courses[0].description, EXCERPT.course));
    expect(text).not.toMatch(/[<>]/);
    expect(text.replace(/…$/, '').length).toBeLessThanOrEqual(EXCERPT.course);
    await first.getByRole('link', { name: /^Start watching!/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/course/${courses[0]._id}`);
  });

  test('/course/{id}: cover, Course on: {title}, description and lesson links', async () => {
    const detail = course;
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto(`/course/${course._id}`);
    await heading(page, `Course on: ${course.title}`).waitFor();
    expect(await page.title()).toBe('DevCourses | course');
    expect(await page.locator('.course-cover').getAttribute('alt')).toContain(course.title);
    const lessons = page.getByRole('complementary').getByRole('link');
    const titles = page.getByRole('complementary').locator('.lesson-list__title');
    expect(await titles.allTextContents()).toEqual(detail.lessonlist.map((l) => l.title));
    // Each lesson says whether it is a video or a reading, and how long it takes.
    for (const kind of await page.getByRole('complementary').locator('.lesson-list__kind').allTextContents())
      expect(kind).toMatch(/^, (Video|Reading) · \d+ min$/);
    await lessons.nth(0).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/course/${course._id}/${detail.lessonlist[0]._id}`);
  });

  test('a lesson: the video plays, the sidebar marks the lesson and toggles, signed-out comment invitation', async () => {
    const detail = course;
    const lesson = detail.lessonlist[Math.min(1, detail.lessonlist.length - 1)];
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto(`/course/${course._id}/${lesson._id}`);
    await heading(page, lesson.title).waitFor();
    expect(await page.title()).toBe('DevCourses | course');
    await waitForHydration(page);

    const current = page.getByRole('navigation', { name: 'Lessons' }).locator('[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain(lesson.title);

    const toggle = page.getByRole('button', { name: 'Lessons', exact: true });
    const sidebar = page.getByRole('navigation', { name: 'Lessons' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    await toggle.click();
    expect(await sidebar.isVisible()).toBe(true);

    const video = page.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBe(lesson.link);
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
    });
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.5);

    const invitation = page.getByRole('link', { name: TEXT.loginForComments, exact: true });
    expect(await invitation.getAttribute('href')).toBe('/login');
  });

  test('the lesson sidebar starts closed on a phone and opens with the hamburger', async () => {
    const detail = course;
    const { page } = await newPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/course/${course._id}/${detail.lessonlist[0]._id}`);
    const toggle = page.getByRole('button', { name: 'Lessons', exact: true });
    await toggle.waitFor();
    // Closed by CSS from the first paint; the toggle knows the screen (and works) once the page has hydrated.
    expect(await page.locator('.lesson-sidebar').isVisible()).toBe(false);
    await waitForHydration(page);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('navigation', { name: 'Lessons' }).waitFor();
  });
});

describe('tutorials and blogs', () => {
  test('/tutorial cards and /tutorial/{id}: Tutorial on: {title}, content images at most 350 px wide', async () => {
    const list = await getJson<TutorialCard[]>('/api/tutorial/getTutorial');
    expect(list.length).toBeGreaterThan(0);
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/tutorial');
    await heading(page, 'Our Tutorials').waitFor();
    const cards = page.locator('.card');
    await cards.first().waitFor();
    expect(await cards.locator('.card__title').allTextContents()).toEqual(list.map((t) => t.title));
    expect(await cards.first().locator('img').getAttribute('alt')).toBeTruthy();
    await cards
      .first()
      .getByRole('link', { name: /^Start learning!/ })
      .click();

    const [tutorial] = await getJson<Tutorial[]>(`/api/tutorial/getTutorialDetail/${list[0]._id}`);
    await heading(page, `Tutorial on: ${tutorial.title}`).waitFor();
    expect(await page.title()).toBe('DevCourses | tutorial');
    const widths = await page
      .locator('.rich-html img')
      .evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeLessThanOrEqual(350);
  });

  test('/blog/ and /blog: date yyyy-mm-dd, title, 120-character excerpt, Read more → the post', async () => {
    const list = await getJson<Blog[]>('/api/blog/getBlog');
    expect(list.length).toBeGreaterThan(0);
    const { page } = await newPage(env.browser, env.server.url);
    for (const path of ['/blog', '/blog/']) {
      await page.goto(path);
      await heading(page, 'Our Blogs').waitFor();
      await page.locator('.card').first().waitFor();
    }
    const first = page.locator('.card').first();
    expect(await first.locator('time').textContent()).toBe(formatDate(list[0].date));
    expect(await first.locator('time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await first.locator('.card__title').textContent()).toBe(list[0].title);
    expect(await first.locator('.card__text').textContent()).toBe(excerpt(list[0].content, EXCERPT.blog));
    await first.getByRole('link', { name: /^Read more/ }).click();
    await heading(page, list[0].title).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/blog/${list[0]._id}`);
    expect(await page.title()).toBe('DevCourses | blog');
    expect(await page.locator('.rich-html').textContent()).toBeTruthy();
  });
});

describe('contact and 404', () => {
  test('/contact: about image with alt, a personal website link, named social and mail links', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/contact');
    await heading(page, 'Contact').waitFor();
    const image = page.locator('img.contact__image');
    expect(await image.getAttribute('src')).toBe('/media/about.svg');
    expect(await image.getAttribute('alt')).toBeTruthy();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /Personal website/ }).getAttribute('href')).toMatch(/^https:\/\//);
    const social = page.getByRole('list', { name: 'Social and mail links' }).getByRole('link');
    expect(await social.count()).toBeGreaterThanOrEqual(3);
    for (const link of await social.all()) expect(await link.getAttribute('aria-label')).toBeTruthy();
    expect(await page.getByRole('link', { name: /Email/ }).getAttribute('href')).toMatch(/^mailto:/);
  });

  test('unknown paths and unknown ids show the 404 view', async () => {
    const checked = await newPage(env.browser, env.server.url, { console: [HTTP_ERROR_LOG] });
    const { page } = checked;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      '/no/such/page',
      `/course/${missing}`,
      '/course/not-a-uuid',
      `/course/${courses[0]._id}/${missing}`,
      `/tutorial/${missing}`,
      `/blog/${missing}`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: TEXT.notFoundTitle }).waitFor();
      expect(await page.getByText(TEXT.notFoundBody).isVisible()).toBe(true);
    }
    expect(await page.title()).toBe('DevCourses | blog');
  });
});

describe('search and session', () => {
  test('signed out: the modal says Premium users only, closes on Escape and on a route change', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.goto('/');
    const box = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox');
    await box.click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getByText(TEXT.premiumOnly).isVisible()).toBe(true);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus went back to the search box without opening the dialog again.
    await page.waitForTimeout(200);
    expect(await dialog.count()).toBe(0);

    await box.click();
    await dialog.getByRole('link', { name: 'Log in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await dialog.waitFor({ state: 'detached' });
  });

  test('signed in: search finds a course and a tutorial, says Result Not Found otherwise; Logout signs out', async () => {
    const { token, id } = await createAccount(env.server, 'Public Walker');
    const checked = await newPage(env.browser, env.server.url);
    const { page } = checked;
    await page.goto('/');
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('auth-token', t);
        localStorage.setItem('user-id', u);
      },
      [token, id],
    );
    await page.reload();

    const nav = page.getByRole('navigation', { name: 'Main' });
    const dialog = page.getByRole('dialog', { name: 'Search' });
    // Focus alone (tabbing through the header) does not open the dialog; Enter does, and so does a click.
    await nav.getByRole('searchbox').focus();
    expect(await dialog.count()).toBe(0);
    await page.keyboard.press('Enter');
    await dialog.getByText(TEXT.searchNote).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    expect(await dialog.count()).toBe(0);
    await nav.getByRole('searchbox').click();
    await dialog.getByText(TEXT.searchNote).waitFor();
    const input = dialog.getByRole('searchbox');
    await input.fill(course.title);
    const hit = dialog.getByRole('link', { name: new RegExp(escapeRegExp(course.title)) }).first();
    await hit.waitFor();
    expect(await hit.getAttribute('href')).toBe(`/course/${course._id}`);

    const tutorials = await getJson<TutorialCard[]>('/api/tutorial/getTutorial');
    await input.fill(tutorials[0].title);
    const tutorialHit = dialog.getByRole('link', { name: new RegExp(escapeRegExp(tutorials[0].title)) }).first();
    await tutorialHit.waitFor();
    expect(await tutorialHit.getAttribute('href')).toBe(`/tutorial/${tutorials[0]._id}`);

    await input.fill('qqqzzzxxyy');
    await dialog.getByText(TEXT.searchEmpty, { exact: true }).waitFor();

    await input.fill(course.title);
    await hit.click();
    await heading(page, `Course on: ${course.title}`).waitFor();
    expect(await dialog.count()).toBe(0);

    // A signed-in lesson page leaves the comment section to the comments feature: the server draws the signed-out
    // invitation (it has no session), which gives way to the comments once the page has hydrated.
    await page.goto(`/course/${course._id}/${course.lessonlist[0]._id}`);
    await heading(page, course.lessonlist[0].title).waitFor();
    await expect.poll(() => page.getByText(TEXT.loginForComments).count()).toBe(0);

    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.getByText(`Error: ${TEXT.loggedOut}`).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => [localStorage.getItem('auth-token'), localStorage.getItem('user-id')])).toEqual([
      null,
      id,
    ]);
    await nav.getByRole('link', { name: 'Login', exact: true }).waitFor();
    // The alert goes away after ALERT_MS.
    await page.getByText(`Error: ${TEXT.loggedOut}`).waitFor({ state: 'detached', timeout: 3_000 });
    // The server revoked the session.
    const after = await fetch(`${env.server.url}/api/search/x`, { headers: { 'auth-token': token } });
    expect(after.status).toBe(401);
  });
});

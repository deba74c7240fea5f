// The site is its owner's, in a real browser against the compiled server: an admin changes the site's name and the
// contact page in /studio/settings, and the navbar, the title and the contact page show them (server-rendered, and in
// the Studio's own shell); every Studio screen fits a 360 px window with no page-level sideways scroll; the new
// screen, the filtered audit log (its links to items and people) and the editors' file fields pass axe in both themes.
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { SiteSettings } from '../src/shared/site';
import type { StudioBlog, StudioCourse, StudioTutorial } from '../src/shared/studio';
import {
  callApi,
  createAuthor,
  expectAccessible,
  logInByApi,
  mailedLink,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  waitForHydration,
} from './harness';

const ADMIN = { name: 'Sam Settings', email: 'settings-admin@example.test', password: 'settings-admin-secret' };
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN.email } });

let admin: TestAccount;
const call = <T>(method: string, urlPath: string, account?: TestAccount, body?: unknown) =>
  callApi<T>(env.server, method, urlPath, account, body);

beforeAll(async () => {
  await call('POST', '/api/auth/createUser', undefined, ADMIN);
  const link = await mailedLink(env.server, ADMIN.email, '/user/verify/');
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  await fetch(`${env.server.url}/api/auth/verify/${encodeURIComponent(token)}`);
  admin = await logInByApi(env.server, ADMIN.name, ADMIN.email, ADMIN.password);
});

/** The page is no wider than the window: nothing of the page itself scrolls sideways. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an admin’s new site name and contact page show in the navbar, the title and the contact page', async () => {
  // The bad link's refusal is a 400, which Chromium logs.
  const { page } = await newPage(env.browser, env.server.url, {
    console: [/Failed to load resource: the server responded with a status of 400/],
  });
  await signInAt(page, admin, '/studio/settings');
  await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
  // Before any change, the product's own texts.
  expect(await page.getByLabel('Site name').inputValue()).toBe('DevCourses');
  await page.getByLabel('Site name').fill('Lisbon Code School');
  await page.getByLabel('Text', { exact: true }).fill('We teach code in Lisbon.\n\nSay hello any time.');
  await page.getByLabel('Personal website').fill('https://lisbon-code.example');
  await page.getByRole('button', { name: 'Remove link 3' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved: the site shows them now.').waitFor();
  // This tab's navbar changes at once.
  await page.locator('.navbar__brand', { hasText: 'Lisbon Code School' }).waitFor();
  await expect.poll(() => page.title()).toBe('Lisbon Code School | studio');

  // A server-rendered page arrives with the new name and contact page.
  await page.goto('/contact');
  await waitForHydration(page);
  expect(await page.locator('.navbar__brand').textContent()).toContain('Lisbon Code School');
  expect(await page.title()).toBe('Lisbon Code School | contact');
  await page.getByText('We teach code in Lisbon.').waitFor();
  await page.getByText('Say hello any time.').waitFor();
  expect(await page.getByRole('link', { name: /Personal website/ }).getAttribute('href')).toBe(
    'https://lisbon-code.example',
  );
  expect(await page.locator('.contact__social a').count()).toBe(3); // two links left and the mail link
  expect(await page.getByRole('link', { name: 'Email Lisbon Code School' }).getAttribute('href')).toBe(
    'mailto:hello@devcourses.dev',
  );

  // A bad link is refused, naming the field.
  await page.goto('/studio/settings');
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Link 3 label').fill('Bad');
  await page.getByLabel('Link 3 address').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText(/Not saved: contact\.links\.2\.url/).waitFor();

  // Back to the defaults for the other tests.
  const defaults = await call<SiteSettings>('GET', '/api/site');
  await call('PUT', '/api/studio/settings', admin, { ...defaults, siteName: 'DevCourses' });
});

test('/studio/settings passes axe in both themes, at 1280 and 360 px', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, admin, '/studio/settings');
  await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `/studio/settings (${theme}, ${width} px)`);
    }
  }
});

// Wide tables scroll inside their own labelled region; the page itself never scrolls sideways.
test('every Studio screen fits a 360 px window: no page-level sideways scroll', async () => {
  // An author for the users table and a role change for the audit log: both tables must fit too.
  await createAuthor(env.server, 'Wide Tables Author', admin);
  const course = await call<StudioCourse>('POST', '/api/studio/courses', admin, {
    title: 'A course with a rather long title to see how the editor wraps it on a phone',
    description: '<p>About</p>',
    cover: '/media/covers/css.svg',
  });
  await call('POST', `/api/studio/courses/${course._id}/lessons`, admin, {
    title: 'A lesson',
    link: '/media/lessons/css-1.webm',
    description: '<p>Text</p>',
  });
  const tutorial = await call<StudioTutorial>('POST', '/api/studio/tutorials', admin, {
    title: 'Tutorial on phones',
    image: '/media/tutorials/flexbox.svg',
    content: '<p>Step</p>',
  });
  const post = await call<StudioBlog>('POST', '/api/studio/blogs', admin, { title: 'Post on phones', content: '' });
  const screens: [string, string][] = [
    ['/studio', 'Content lists'],
    ['/studio?tab=tutorials', 'Content lists'],
    ['/studio?tab=blogs', 'Content lists'],
    [`/studio/courses/${course._id}`, 'Edit course'],
    [`/studio/tutorials/${tutorial._id}`, 'Edit tutorial'],
    [`/studio/blogs/${post._id}`, 'Edit post'],
    ['/studio/users', 'Users and roles'],
    ['/studio/audit', 'Audit log'],
    ['/studio/settings', 'Site settings'],
  ];
  const { page } = await newPage(env.browser, env.server.url);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAt(page, admin, '/studio');
  const wide: string[] = [];
  for (const [url] of screens) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await pageOverflow(page);
    if (overflow > 0) wide.push(`${url}: ${overflow} px too wide`);
  }
  expect(wide).toEqual([]);
});

test('the audit log links to items and people and filters them; it and the editors’ file fields pass axe in both themes, at 1280 and 360 px', async () => {
  const course = await call<StudioCourse>('POST', '/api/studio/courses', admin, {
    title: 'Audited course',
    description: '<p>About</p>',
    cover: '/media/covers/css.svg',
  });
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, admin, '/studio/audit');
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Audited course' }).first();
  expect(await row.getByRole('link', { name: /^course / }).getAttribute('href')).toBe(`/studio/courses/${course._id}`);

  // The person's link shows only their entries; the kind narrows them to courses.
  await row.getByRole('link', { name: `${ADMIN.name}: only their entries` }).click();
  await page.getByText('Person:').waitFor();
  await page.getByLabel('Kind of item').selectOption('course');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('entity')).toBe('course');
  await page.getByRole('row').filter({ hasText: 'Audited course' }).first().waitFor();
  const kinds = await page.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(kinds.length).toBeGreaterThan(0);
  expect(kinds.every((text) => text.startsWith('course'))).toBe(true);

  const screens: [string, string][] = [
    [page.url(), 'Audit log'],
    [`/studio/courses/${course._id}`, 'Edit course'],
  ];
  for (const [url, heading] of screens) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await expectAccessible(page, `${heading} (${theme}, ${width} px)`);
        if (width === 360) expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      }
    }
  }
  // The file field says what it accepts.
  await page.getByText('PNG, JPEG, WebP or GIF · up to 5 MB').first().waitFor();
});

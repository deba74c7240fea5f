// Issue 11 in a real browser: focus and an announcement after navigation, truthful loading errors with Retry,
// the phone menu's Escape and the search shortcut, with axe on the error states.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectAccessible, newPage, setUpBrowserTests, waitFor } from './harness';

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
    await page.getByRole('heading', { level: 1 }).waitFor();
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
    await page.goto('/');
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
    await page.goto('/course');
    const title = page.getByRole('heading', { level: 1, name: 'Something went wrong' });
    await title.waitFor({ timeout: 30_000 });
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The server could not be reached');
    await expectAccessible(page, '/course after a dropped connection');

    dropping = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Courses' }).waitFor();
  });
});

describe('keyboard', () => {
  test('on a phone the menu closes on Escape and focus returns to its button', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
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
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

// Notifications in a real browser against the compiled server: the bell's count rises without a reload when someone
// answers your bug, in every open tab (eight of them sharing one connection); the panel opens and works by keyboard;
// 'Mark all as read'; a bug page's Watch; /notifications and /settings/notifications; axe on the new screens in both
// themes, at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  callApi,
  createAccount,
  expectAccessible,
  expectAlert,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
} from './harness';

const env = setUpBrowserTests();

const bell = (page: Page, label: RegExp | string) => page.getByRole('button', { name: label, exact: true });

async function askBug(asker: TestAccount, title: string): Promise<string> {
  const bug = await callApi<{ _id: string }>(env.server, 'POST', '/api/bug/addbug', asker, {
    title,
    description: '<p>It breaks when I run it.</p>',
  });
  return bug._id;
}

const answer = (answerer: TestAccount, bugId: string, text: string) =>
  callApi(env.server, 'POST', '/api/bug/addcomment', answerer, { bug: bugId, content: `<p>${text}</p>` });

test('an answer reaches the bell live in eight open tabs; the panel works by keyboard; mark all as read', async () => {
  const asker = await createAccount(env.server, 'Bell Asker');
  const answerer = await createAccount(env.server, 'Bell Answerer');
  const bugId = await askBug(asker, 'Flexbox gap ignored in Safari');

  const { page, context } = await newPage(env.browser, env.server.url);
  await signInAt(page, asker, `/bugs/${bugId}`);
  await bell(page, 'No unread notifications').waitFor();
  // Seven more tabs of the same browser: with a stream each, the sixth would hang the site (6 connections per host).
  const tabs = [page];
  for (let i = 1; i < 8; i++) {
    const tab = await context.newPage();
    await tab.goto(i % 2 === 0 ? '/bugs' : `/bugs/${bugId}`);
    await bell(tab, 'No unread notifications').waitFor();
    tabs.push(tab);
  }

  await answer(answerer, bugId, 'Use a margin fallback.');
  for (const tab of tabs) await bell(tab, '1 unread notification').waitFor({ timeout: 10_000 });
  await page.getByRole('status').filter({ hasText: 'New notification: Bell Answerer answered' }).waitFor();
  for (const tab of tabs.slice(1)) await tab.close();

  // By keyboard: focus the bell, open it, reach the notification, and close with Escape back to the bell.
  await bell(page, '1 unread notification').focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: /Bell Answerer answered “Flexbox gap ignored in Safari”/ });
  await item.waitFor();
  expect(await bell(page, '1 unread notification').getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('1 unread notification');

  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await bell(page, 'No unread notifications').waitFor();
  expect(await callApi(env.server, 'GET', '/api/notifications/unread', asker)).toEqual({ unread: 0 });
});

test('following a notification opens the bug and reads it; Watch and Stop watching on a bug page', async () => {
  const asker = await createAccount(env.server, 'Link Asker');
  const answerer = await createAccount(env.server, 'Link Answerer');
  const watcher = await createAccount(env.server, 'Link Watcher');
  const bugId = await askBug(asker, 'Grid rows collapse');
  await answer(answerer, bugId, 'Give the rows a minimum height.');

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, asker, '/bugs');
  await bell(page, '1 unread notification').click();
  await page.getByRole('link', { name: /Link Answerer answered “Grid rows collapse”/ }).click();
  await page.getByRole('heading', { level: 1, name: /Grid rows collapse/ }).waitFor();
  await bell(page, 'No unread notifications').waitFor();

  const other = await newPage(env.browser, env.server.url);
  await signInAt(other.page, watcher, `/bugs/${bugId}`);
  await other.page.getByRole('button', { name: 'Watch', exact: true }).click();
  await other.page.getByRole('button', { name: 'Stop watching' }).waitFor();
  expect(await callApi(env.server, 'GET', `/api/bug/${bugId}/watch`, watcher)).toEqual({ watching: true });
  await answer(answerer, bugId, 'Or use auto rows.');
  await bell(other.page, '1 unread notification').waitFor({ timeout: 10_000 });
});

test('/notifications and /settings/notifications: the list, saving settings, and axe in both themes at 1280 and 360 px', async () => {
  const asker = await createAccount(env.server, 'Page Asker');
  const answerer = await createAccount(env.server, 'Page Answerer');
  const bugId = await askBug(asker, 'Sticky header jumps');
  await answer(answerer, bugId, 'Set top: 0.');

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, asker, '/notifications');
  await page
    .getByRole('list', { name: 'Your notifications' })
    .getByRole('link', { name: /Page Answerer answered/ })
    .waitFor();

  await page.goto('/settings/notifications');
  const votes = page.getByRole('combobox', { name: 'Votes on your solutions' });
  await votes.selectOption('off');
  await page.getByRole('radio', { name: 'Weekly' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'Notification settings saved');
  const saved = await callApi<{ digest: string; types: Record<string, string> }>(
    env.server,
    'GET',
    '/api/notifications/preferences',
    asker,
  );
  expect(saved.digest).toBe('weekly');
  expect(saved.types['solution.voted']).toBe('off');
  expect(saved.types['bug.answered']).toBe('immediate');

  for (const [url, heading] of [
    ['/notifications', 'Notifications'],
    ['/settings/notifications', 'Notification settings'],
    [`/bugs/${bugId}`, 'Sticky header jumps'],
  ] as const) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        // The bell's panel open over the page, on every screen.
        const button = page.getByRole('button', { name: /unread notification/ });
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        await page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('link', { name: 'All notifications' })
          .waitFor();
        await expectAccessible(page, `${url} with the bell open (${theme}, ${width} px)`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${url} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  }
}, 180_000);

test('the unsubscribe page keeps its style and form under its own policy; an API answer opened alone runs nothing', async () => {
  // A link from an old mail: the page says so, styled, with no policy violation (the page fails on one).
  const { page } = await newPage(env.browser, env.server.url, { console: [/status of 400/] });
  const res = await page.goto('/api/email/unsubscribe/not-a-token');
  expect(res?.status()).toBe(400);
  await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
  expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('512px');

  // JSON opened as a document: shown, nothing refused.
  const api = await page.goto('/api/course/getCourse');
  expect(api?.headers()['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(await page.evaluate(() => document.body.innerText)).toContain('"title"');
});

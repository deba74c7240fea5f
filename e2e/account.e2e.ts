// Account self-service in a real browser against the compiled server: the settings page's sections by keyboard
// (profile, password, sessions, your data, delete), the public profile, a deleted account's bug showing 'unknown',
// and axe on the new screens in both themes, at 1280 and 360 px.
import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ACCOUNT_MSG } from '../src/shared/account';
import {
  callApi,
  createAccount,
  expectAccessible,
  expectAlert,
  logInByApi,
  newPage,
  setUpBrowserTests,
  signInAt,
} from './harness';

const env = setUpBrowserTests();

/** Types into the field labelled `label` inside `form` by keyboard: focus it, select what it holds, type. */
async function typeInto(page: Page, form: Locator, label: string, text: string) {
  const field = form.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const section = (page: Page, name: string) => page.getByRole('form', { name, exact: true });

test('profile by keyboard, then the public profile; private again is a 404', async () => {
  const account = await createAccount(env.server, 'Profile Person', { password: 'profile-secret-1' });
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, '/settings');
  const profile = section(page, 'Profile');
  await profile.waitFor();
  await typeInto(page, profile, 'Name', 'Ada Profile');
  await typeInto(page, profile, 'Bio', 'I write CSS for fun.');
  await profile.getByLabel('Public profile').focus();
  await page.keyboard.press('Space');
  await profile.getByRole('button', { name: 'Save profile' }).focus();
  await page.keyboard.press('Enter');
  await expectAlert(page, ACCOUNT_MSG.profileSaved);

  await page.goto(`/u/${account.id}`);
  await page.getByRole('heading', { level: 1, name: 'Ada Profile' }).waitFor();
  await page.getByText('I write CSS for fun.').waitFor();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `/u/{id} (${theme}, ${width} px)`);
    }
  }

  await callApi(env.server, 'PATCH', '/api/me', account, { profilePublic: false });
  const hidden = await fetch(`${env.server.url}/u/${account.id}`);
  expect(hidden.status).toBe(404);
});

test('password: a wrong current password keeps the form; a right one signs out the other sessions', async () => {
  const account = await createAccount(env.server, 'Password Person', { password: 'password-secret-1' });
  const other = await logInByApi(env.server, 'Password Person', account.email, 'password-secret-1');
  // The wrong password's 403 is the answer under test.
  const { page } = await newPage(env.browser, env.server.url, { console: [/status of 403/] });
  await signInAt(page, account, '/settings');
  const form = section(page, 'Password');
  await form.waitFor();
  await typeInto(page, form, 'Current password', 'not-the-password');
  await typeInto(page, form, 'New password', 'brand-new-secret-2');
  await typeInto(page, form, 'Repeat the new password', 'brand-new-secret-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await form.getByRole('alert').filter({ hasText: ACCOUNT_MSG.wrongPassword }).waitFor();
  expect(await form.getByLabel('New password', { exact: true }).inputValue()).toBe('brand-new-secret-2');

  await typeInto(page, form, 'Current password', 'password-secret-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expectAlert(page, ACCOUNT_MSG.passwordChanged);
  const stale = await fetch(`${env.server.url}/api/me`, { headers: { 'auth-token': other.token } });
  expect(stale.status).toBe(401);
  expect((await callApi<{ name: string }>(env.server, 'GET', '/api/me', account)).name).toBe('Password Person');
});

test('sessions, your data, and deleting the account: its bug then shows unknown; axe on /settings', async () => {
  const account = await createAccount(env.server, 'Leaving Person', { password: 'leaving-secret-1' });
  await logInByApi(env.server, 'Leaving Person', account.email, 'leaving-secret-1');
  const bug = await callApi<{ _id: string }>(env.server, 'POST', '/api/bug/addbug', account, {
    title: 'A bug from someone who leaves',
    description: '<p>Still useful after I go.</p>',
  });

  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, '/settings');
  const sessions = page.getByRole('list', { name: 'Your signed-in sessions' });
  await sessions.getByText('This session').waitFor();
  expect(await sessions.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `/settings (${theme}, ${width} px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/settings at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expectAlert(page, 'other session');
  await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download your data' }).click(),
  ]);
  const file = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as Record<string, unknown>;
  expect(JSON.stringify(file)).toContain('A bug from someone who leaves');
  expect(JSON.stringify(file)).toContain(account.email);

  const remove = section(page, 'Delete account');
  await typeInto(page, remove, 'Current password', 'leaving-secret-1');
  await typeInto(page, remove, 'Type "delete my account" to confirm', 'delete my account');
  await remove.getByRole('button', { name: 'Delete account' }).click();
  await expectAlert(page, 'Your account was deleted');
  await page.getByRole('link', { name: 'Login' }).waitFor();

  // BugsWorld is for signed-in readers: another person opens the bug.
  const reader = await createAccount(env.server, 'Staying Reader');
  await signInAt(page, reader, `/bugs/${bug._id}`);
  await page.getByRole('heading', { level: 1, name: /A bug from someone who leaves/ }).waitFor();
  await page.locator('.bug-detail__author').filter({ hasText: 'unknown' }).waitFor();
}, 120_000);

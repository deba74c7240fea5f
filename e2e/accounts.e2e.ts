// Accounts in a real browser against the real server: sign up → the emailed link → verified → login → logout, and
// forgot password → the emailed link → change password → login with the new one; the mismatch alerts.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { TEXT } from '../src/shared/constants';
import {
  createAccount,
  defined,
  expectAlert,
  mailedLink,
  newPage,
  setUpBrowserTests,
  waitForHydration,
} from './harness';

const env = setUpBrowserTests();

/** Waits for the alert banner to show `text` (it stays 1 s). */

/** The newest link in mail to `to` containing `part`, once the server has written it. */
const linkFromMail = (to: string, part: string, notBefore: string[] = []) =>
  mailedLink(env.server, to, part, notBefore);

async function signUp(page: Page, name: string, email: string, password: string, repeat = password) {
  await page.goto('/signup');
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(repeat);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('sign up, follow the emailed link, log in, log out', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const email = `ada-${Date.now()}@example.test`;

  await signUp(page, 'Ada Lovelace', email, 'first-secret');
  await expectAlert(page, `${TEXT.signedUp} `);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/signup');

  const link = await linkFromMail(email, '/user/verify/');
  expect(link.startsWith(`${env.server.url}/user/verify/`)).toBe(true);
  // The server log carries the link too (no SMTP_URL in this run).
  expect(env.server.logs()).toContain(link);

  await page.goto(link);
  await page.getByRole('heading', { name: TEXT.emailVerified }).waitFor();
  await page.getByRole('link', { name: 'Login' }).last().click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

  await logIn(page, email, 'first-secret');
  await expectAlert(page, TEXT.loggedIn);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth-token'),
    id: localStorage.getItem('user-id'),
  }));
  expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
  const token = defined(stored.token, 'the stored auth token');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectAlert(page, TEXT.loggedOut);
  await expect.poll(() => page.getByTestId('alert').first().textContent()).toBe(`Error: ${TEXT.loggedOut}`);
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  const after = await page.evaluate(() => ({
    token: localStorage.getItem('auth-token'),
    id: localStorage.getItem('user-id'),
  }));
  expect(after).toEqual({ token: null, id: stored.id });

  // The logout reached the server: the old token no longer works.
  await expect
    .poll(
      async () =>
        (await fetch(`${env.server.url}/api/auth/logout`, { method: 'POST', headers: { 'auth-token': token } })).status,
    )
    .toBe(401);
});

test('forgot password, follow the emailed link, change it, log in with the new one', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const email = `grace-${Date.now()}@example.test`;
  await signUp(page, 'Grace Hopper', email, 'old-secret');
  await expectAlert(page, TEXT.signedUp);
  await page.goto(await linkFromMail(email, '/user/verify/'));
  await page.getByRole('heading', { name: TEXT.emailVerified }).waitFor();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/user/forgot-password');
  await page.getByRole('link', { name: 'Back to Login' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectAlert(page, 'we sent a link');

  const reset = await linkFromMail(email, '/user/change-password/');
  await page.goto(reset);
  await page.getByLabel('New password').fill('new-secret');
  await page.getByLabel('Repeat password').fill('new-secreT');
  await page.getByRole('button', { name: 'Change' }).click();
  await expectAlert(page, TEXT.passwordMismatch);
  await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(reset).pathname);

  await page.getByLabel('Repeat password').fill('new-secret');
  await page.getByRole('button', { name: 'Change' }).click();
  await expectAlert(page, TEXT.passwordChanged.trim());
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

  await logIn(page, email, 'new-secret');
  await expectAlert(page, TEXT.loggedIn);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');

  // The link was single use: opening it again shows the 404 view.
  const again = await newPage(env.browser, env.server.url, { console: [/404/] });
  await again.page.goto(reset);
  await again.page.getByText(TEXT.notFoundTitle).waitFor();
});

test("sign-up with passwords that differ alerts 'Password not matching' and sends nothing", async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/')) calls.push(request.url());
  });
  await signUp(page, 'Mismatch User', `mismatch-${Date.now()}@example.test`, 'secret-one', 'secret-two');
  await expectAlert(page, TEXT.passwordMismatch);
  expect(await page.getByTestId('alert').first().textContent()).toBe(`Error: ${TEXT.passwordMismatch}`);
  expect(calls).toEqual([]);
});

test('logging in from the bugs page returns to the bugs page', async () => {
  const account = await createAccount(env.server, 'Bugs Returner');
  const { page } = await newPage(env.browser, env.server.url);
  await page.goto('/bugs');
  await waitForHydration(page);
  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await logIn(page, account.email, 'test-secret');
  await expectAlert(page, TEXT.loggedIn);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/bugs');
});

test('a wrong password leaves an error on the password field that outlasts the alert', async () => {
  const account = await createAccount(env.server, 'Wrong Typist');
  const { page } = await newPage(env.browser, env.server.url, { console: [/401/] });
  await page.goto('/login');
  await logIn(page, account.email, 'not-the-password');
  await expectAlert(page, 'Invalid email or password');
  const password = page.getByLabel('Password');
  await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
  // Past the 1-second alert, the field still names the problem.
  await page.getByTestId('alert').filter({ hasText: 'Invalid email or password' }).waitFor({ state: 'detached' });
  const describedBy = defined(await password.getAttribute('aria-describedby'), 'the password field description');
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Invalid email or password');
});

test('logging in right after signing up says the account waits for its verification link', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const email = `eager-${Date.now()}@example.test`;
  await signUp(page, 'Eager Learner', email, 'eager-secret');
  await expectAlert(page, TEXT.signedUp);
  await page.getByRole('link', { name: 'Login' }).last().click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await logIn(page, email, 'eager-secret');
  await expectAlert(page, 'a verification link was sent less than a minute ago; check your inbox');
  expect(new URL(page.url()).pathname).toBe('/login');
});

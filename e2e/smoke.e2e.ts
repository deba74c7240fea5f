// Proves the harness: the built site starts on a fresh database and the home page renders in Chromium.
import { expect, test } from 'vitest';
import { BRAND } from '../src/shared/constants';
import { newPage, setUpBrowserTests } from './harness';

const env = setUpBrowserTests();

test('the home page loads with the brand in the title and the navbar', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toContain(BRAND);
  const nav = page.getByRole('navigation').first();
  await nav.waitFor();
  await expect(nav.getByRole('link', { name: 'Courses' }).first().isVisible()).resolves.toBe(true);
});

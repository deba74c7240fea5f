// Proves the harness: the built site starts on a fresh database and the home page renders in Chromium.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BRAND } from '../src/shared/constants';
import { failOnDirtyPages, launchBrowser, newPage, type RunningServer, startServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

failOnDirtyPages();

test('the home page loads with the brand in the title and the navbar', async () => {
  const { page } = await newPage(browser, server.url);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toContain(BRAND);
  const nav = page.getByRole('navigation').first();
  await nav.waitFor();
  await expect(nav.getByRole('link', { name: 'Courses' }).first().isVisible()).resolves.toBe(true);
});

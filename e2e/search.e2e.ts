// Search in a real browser against the compiled server: a mistyped word still finds its course, the arrow keys move
// from the text through the results, Enter opens one; the dialog with marked results passes axe in both themes, at
// 1280 and 360 px; '/' opens it again from the read-only search box that has focus once it closes.
import { expect, test } from 'vitest';
import { createAccount, expectAccessible, newPage, setUpBrowserTests, signInAt } from './harness';

const env = setUpBrowserTests();

test("'pyhton' finds Python from Scratch; ArrowDown and Enter open it", async () => {
  const account = await createAccount(env.server, 'Search Typist');
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, '/contact');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox').waitFor();
  await page.keyboard.type('pyhton');
  const hit = dialog.getByRole('link', { name: /Python from Scratch/ });
  await hit.waitFor();
  expect(await hit.locator('mark').count()).toBe(0); // nothing typed is literally in it: nothing is marked
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Python from Scratch');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Python from Scratch' }).waitFor();
});

test('the dialog with marked results passes axe in both themes, at 1280 and 360 px', async () => {
  const account = await createAccount(env.server, 'Search Looker');
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, '/contact');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.keyboard.press('/');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('searchbox').fill('javascript');
      await dialog.locator('mark').first().waitFor();
      await expectAccessible(page, `the search dialog with results (${theme}, ${width} px)`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  }
});

test("'/' opens the search again from the search box that has focus once the dialog closes", async () => {
  const account = await createAccount(env.server, 'Search Returner');
  const { page } = await newPage(env.browser, env.server.url);
  await signInAt(page, account, '/contact');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const box = page.getByRole('searchbox', { name: 'Search courses and tutorials' });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('/');
  await dialog.getByRole('searchbox').waitFor();
});

// Authoring without accidents, in a real browser against the compiled server: an author edits a published post and
// readers keep seeing the published text until Update; the post's preview shows the working copy, marked 'Preview';
// its history restores an earlier version into the working copy. axe runs on the new screens in both themes at 360 px.
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { StudioBlog } from '../src/shared/studio';
import {
  callApi,
  createAccount,
  createAuthor,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  signInAt,
  type TestAccount,
  typeRichText,
} from './harness';

const ADMIN_EMAIL = 'revisions-admin@example.test';
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

let author: TestAccount;
let post: StudioBlog;

const call = <T>(method: string, urlPath: string, account?: TestAccount, body?: unknown) =>
  callApi<T>(env.server, method, urlPath, account, body);

beforeAll(async () => {
  const admin = await createAccount(env.server, 'Ada Admin', { email: ADMIN_EMAIL });
  author = await createAuthor(env.server, 'Alice Author', admin);
  const draft = await call<StudioBlog>('POST', '/api/studio/blogs', author, {
    title: 'Release notes',
    content: '<p>The first words.</p>',
  });
  post = await call<StudioBlog>('PATCH', `/api/studio/blogs/${draft._id}`, author, {
    status: 'published',
    version: draft.version,
  });
});

/** What a signed-out reader's page of the post says. */
async function readerText(reader: Page): Promise<string> {
  await reader.goto(`/blog/${post._id}`);
  return (await reader.locator('main article').textContent()) ?? '';
}

async function axeBothThemesAt360(page: Page, screen: string) {
  // The screen at rest: the 1-second alert of the last action (drawn over the page's head) has gone.
  await page.getByTestId('alert').waitFor({ state: 'detached' });
  // From the top: scrolled, the sticky navbar covers part of the page's head, which axe counts against its buttons.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 360, height: 800 });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectAccessible(page, `${screen} (${theme}, 360 px)`);
    // No sideways scrolling of the page at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an author edits a published post: readers keep the old text until Update; preview; history restore', async () => {
  const { page } = await newPage(env.browser, env.server.url);
  const { page: reader } = await newPage(env.browser, env.server.url);
  expect(await readerText(reader)).toContain('The first words.');

  await signInAt(page, author, `/studio/blogs/${post._id}`);
  await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor({ timeout: 15_000 });
  await page.getByText('Published · readers see this version').waitFor();
  await typeRichText(page, 'Content', ' Half-typed sentence');
  const versions = page.getByRole('region', { name: 'Published version' });
  await versions.getByText('Changes not yet published').waitFor({ timeout: 20_000 });

  // Saved into the working copy: readers still see the published text.
  const before = await readerText(reader);
  expect(before).toContain('The first words.');
  expect(before).not.toContain('Half-typed');

  await axeBothThemesAt360(page, 'post editor with unpublished changes');

  // Preview: the reader's page, marked, with the working copy.
  await versions.getByRole('link', { name: 'Preview' }).click();
  await page.getByText('readers do not see this version until it is published').waitFor({ timeout: 15_000 });
  await page.locator('main article').getByText('Half-typed sentence').waitFor();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  await axeBothThemesAt360(page, 'post preview');
  await page.goBack();

  await versions.getByRole('button', { name: 'Update' }).click();
  await versions.getByText('Published · readers see this version').waitFor({ timeout: 15_000 });
  await expect.poll(() => readerText(reader), { timeout: 5_000 }).toContain('Half-typed sentence');

  // History: Restore the first version into the working copy; readers keep the current text until Update.
  await versions.getByText('History').click();
  const restore = versions.getByRole('button', { name: /^Restore “Release notes”/ });
  await expect.poll(() => restore.count(), { timeout: 10_000 }).toBe(2);
  await axeBothThemesAt360(page, 'post editor with its history open');
  await restore.last().click();
  await versions.getByText('Changes not yet published').waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Content' }).textContent(), { timeout: 10_000 })
    .not.toContain('Half-typed');
  expect(await readerText(reader)).toContain('Half-typed sentence');

  // Discard asks first, then the editor is back to the published version.
  await versions.getByRole('button', { name: 'Discard changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
  await axeBothThemesAt360(page, 'discard changes dialog');
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await versions.getByText('Published · readers see this version').waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Content' }).textContent(), { timeout: 10_000 })
    .toContain('Half-typed sentence');
});

// Code blocks arrive highlighted by the server (no highlighter in the browser), in the theme's
// colours; each has a Copy button that copies the code and says 'Copied'; the page passes axe in both themes.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Blog } from '../src/shared/contract';
import { callApi, expectAccessible, newPage, setUpBrowserTests, waitFor } from './harness';

const env = setUpBrowserTests();

/** A seeded post with a JavaScript block that has comments. */
async function postWithCode(): Promise<Blog> {
  const posts = await callApi<Blog[]>(env.server, 'GET', '/api/blog/getBlog');
  const post = posts.find((p) => /<code class="language-javascript"><span class="hl-comment">/.test(p.content));
  if (!post) throw new Error('no seeded post holds a JavaScript block');
  return post;
}

const colourOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).color);

describe('highlighted code', () => {
  test('a post shows coloured tokens in both themes, and Copy copies the code and says Copied', async () => {
    const post = await postWithCode();
    const checked = await newPage(env.browser, env.server.url);
    const { page, context } = checked;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    // Every script the page loads, by URL and body: none may carry a highlighter.
    const scripts: Promise<[string, string]>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.text().then((body) => [response.url(), body]));
    });

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/blog/${post._id}`);
      const comment = '.rich-html pre code.language-javascript .hl-comment';
      await page.locator(comment).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      // Tokens are coloured apart from the block's own text, in several colours, each theme its own.
      const code = page.locator('.rich-html pre code.language-javascript').first();
      const { text, tokens } = await code.evaluate((el) => ({
        text: getComputedStyle(el).color,
        tokens: [...new Set(Array.from(el.querySelectorAll('span'), (span) => getComputedStyle(span).color))],
      }));
      expect(tokens.length, tokens.join(' ')).toBeGreaterThanOrEqual(2);
      expect(tokens).not.toContain(text);
      expect(await colourOf(page, comment)).toBe(theme === 'light' ? 'rgb(87, 96, 106)' : 'rgb(139, 148, 158)');
      await page.getByRole('button', { name: 'Copy' }).first().waitFor();
      await expectAccessible(page, `a post with code (${theme})`);
    }

    // Copy by keyboard: the button copies its own block's text and says so, on the button and in a status region.
    const block = page
      .locator('.code-block')
      .filter({ has: page.locator('code.language-javascript') })
      .first();
    const button = block.locator('button.code-block__copy');
    expect(await button.getAttribute('type')).toBe('button');
    await block.getByRole('button', { name: 'Copy' }).waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => ((await button.textContent()) === 'Copied' ? true : undefined));
    expect(await block.getByRole('status').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('code').textContent());
    expect(copied.length).toBeGreaterThan(20);
    // It returns to 'Copy' for the next time.
    await waitFor(async () => ((await button.textContent()) === 'Copy' ? true : undefined), 5_000);

    // A scrolling block is reachable by keyboard, and no highlighter was shipped: no script holds Shiki's engine,
    // its grammars or its tokenizer.
    expect(await block.locator('pre').getAttribute('tabindex')).toBe('0');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    const highlighters = loaded.filter(([, body]) =>
      /createHighlighterCore|oniguruma|vscode-textmate|tokenizeLine/.test(body),
    );
    expect(highlighters.map(([url]) => url)).toEqual([]);
  });
});

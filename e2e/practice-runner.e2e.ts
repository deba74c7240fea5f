// Runnable examples and the code runner in a real browser against the compiled server: Run on a tutorial's code
// blocks in JavaScript, TypeScript, Python and HTML turns each into a playground whose output shows below; an
// infinite loop stops with 'Timed out after 2 s', Stop ends a run and the next Run works; the runner frame (an opaque
// origin) reaches none of the app's storage, cookies or page; no request leaves the machine (the harness fails the
// test on one); the playground passes axe in both themes at 1280 and 360 px. It prints the time to the first Run of
// each language in a cold browser (no assertion on it: the machine's load decides it).
import type { Frame, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  createAccount,
  expectAccessible,
  newPage,
  setUpBrowserTests,
  type TestAccount,
  waitFor,
  waitForHydration,
} from './harness';

const ADMIN_EMAIL = 'runner-admin@example.test';
const env = setUpBrowserTests({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

const block = (language: string, code: string) =>
  `<pre><code class="language-${language}">${code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code></pre>`;

const EXAMPLES = {
  javascript: 'const greet = (name) => `Hello, ${name}!`;\nconsole.log(greet("JavaScript"));',
  typescript: 'const answer: number = 40 + 2;\nconsole.log(`The answer is ${answer}`);',
  python: 'def greet(name):\n    return f"Hello, {name}!"\n\nprint(greet("Python"))',
  html:
    '<h1>Hello, HTML</h1>\n<p>Rendered in a sandbox.</p>\n<p id="out"></p>\n<script>\n' +
    'let storage = "readable";\ntry { localStorage.length; } catch { storage = "refused"; }\n' +
    'document.getElementById("out").textContent = "Written by a script; storage " + storage;\n</script>',
  loop: 'let turns = 0;\nwhile (true) {\n  turns++;\n}',
  pythonLoop: 'while True:\n    pass',
  storage:
    'for (const name of ["localStorage", "document", "parent", "fetch", "XMLHttpRequest"]) {\n' +
    '  console.log(name, typeof globalThis[name]);\n}',
};

let tutorialId: string;

beforeAll(async () => {
  const admin: TestAccount = await createAccount(env.server, 'Runner Admin', { email: ADMIN_EMAIL });
  const content =
    '<p>Examples you can run.</p>' +
    block('javascript', EXAMPLES.javascript) +
    block('typescript', EXAMPLES.typescript) +
    block('python', EXAMPLES.python) +
    block('html', EXAMPLES.html) +
    block('javascript', EXAMPLES.loop) +
    block('python', EXAMPLES.pythonLoop) +
    block('javascript', EXAMPLES.storage) +
    block('sql', 'SELECT 1;');
  const tutorial = await callApi<{ _id: string }>(env.server, 'POST', '/api/studio/tutorials', admin, {
    title: 'Runnable examples',
    image: '/media/tutorials/async-await.svg',
    content,
    status: 'published',
  });
  tutorialId = tutorial._id;
});

/** The `n`th code block of the tutorial (0-based), with its buttons. */
const codeBlock = (page: Page, n: number) => page.locator('.rich-html .code-block').nth(n);

async function openTutorial(page: Page) {
  await page.goto(`/tutorial/${tutorialId}`);
  await waitForHydration(page);
  await codeBlock(page, 0).getByRole('button', { name: 'Copy' }).waitFor();
}

/** Presses the block's Run and waits for its playground's status to read `status`; answers the milliseconds taken. */
async function runBlock(page: Page, n: number, status: RegExp): Promise<number> {
  const started = Date.now();
  await codeBlock(page, n).getByRole('button', { name: 'Run', exact: true }).click();
  await expectStatus(codeBlock(page, n), status, 60_000);
  return Date.now() - started;
}

async function expectStatus(scope: Locator, status: RegExp, timeout = 30_000) {
  await scope.getByRole('status').filter({ hasText: status }).waitFor({ timeout });
}

const outputOf = (scope: Locator) => scope.locator('.playground__output pre').textContent();

function runnerFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/practice-runner/frame.html'));
  if (!frame) throw new Error('the runner frame is not on the page');
  return frame;
}

describe('runnable examples', () => {
  test('Run on each language turns the block into a playground with its output; nothing loads before', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().includes('/practice-runner/'))
        scripts.push(request.url());
    });
    await openTutorial(page);

    // Every runnable language has Run beside Copy; other languages only Copy. Nothing of the runner or the editor
    // was loaded for it.
    for (const n of [0, 1, 2, 3, 4, 5, 6]) {
      await codeBlock(page, n).getByRole('button', { name: 'Run', exact: true }).waitFor();
    }
    expect(await codeBlock(page, 7).getByRole('button', { name: 'Run', exact: true }).count()).toBe(0);
    // (The editor's small wrapper may share a chunk with what the page's Practice list uses; CodeMirror itself is
    // code-editor-impl.)
    expect(scripts.filter((url) => /practice-runner|code-editor-impl|playground/.test(url))).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    const javascriptMs = await runBlock(page, 0, /^Finished in \d+ ms$/);
    expect(await outputOf(codeBlock(page, 0))).toBe('Hello, JavaScript!\n');
    // The block is now an editor labelled for its language, with the hint that says how to leave it.
    const editor = codeBlock(page, 0).getByRole('textbox', { name: 'JavaScript example' });
    await editor.waitFor();
    await codeBlock(page, 0).getByText('Press Esc then Tab to leave the editor').waitFor();

    await runBlock(page, 1, /^Finished in \d+ ms$/);
    expect(await outputOf(codeBlock(page, 1))).toBe('The answer is 42\n');

    const pythonMs = await runBlock(page, 2, /^Finished in \d+ ms$/);
    expect(await outputOf(codeBlock(page, 2))).toBe('Hello, Python!\n');

    await codeBlock(page, 3).getByRole('button', { name: 'Run', exact: true }).click();
    const rendered = codeBlock(page, 3).locator('iframe.playground__page');
    await rendered.waitFor();
    expect(await rendered.getAttribute('sandbox')).toBe('allow-scripts');
    const example = page.frameLocator('iframe.playground__page');
    await example.getByRole('heading', { name: 'Hello, HTML' }).waitFor();
    // The example's own script runs, in an opaque origin: the app's storage is not its to read.
    await example.getByText('Written by a script; storage refused').waitFor();

    // The runner frame is sandboxed without allow-same-origin.
    const frame = page.locator('iframe[title="Code runner"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    console.log(`first Run in a cold browser: JavaScript ${javascriptMs} ms, Python ${pythonMs} ms`);
  }, 180_000);

  test('an infinite loop times out after 2 s; Stop ends a run; the next Run works', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await openTutorial(page);
    await runBlock(page, 4, /^Timed out after 2 s$/);
    expect(await codeBlock(page, 4).locator('.playground__error').textContent()).toBe('Timed out after 2 s');

    // Python's loop: Stop ends it at once.
    const python = codeBlock(page, 5);
    await python.getByRole('button', { name: 'Run', exact: true }).click();
    await expectStatus(python, /^Running…$/, 60_000);
    await python.getByRole('button', { name: 'Stop' }).click();
    await expectStatus(python, /^Stopped$/, 5_000);

    // The learner fixes the code and runs it again: a new Worker answers.
    const editor = python.getByRole('textbox', { name: 'Python example' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('print("again")');
    await python.locator('.playground__actions').getByRole('button', { name: 'Run', exact: true }).click();
    await expectStatus(python, /^Finished in \d+ ms$/, 60_000);
    expect(await outputOf(python)).toBe('again\n');

    // And the JavaScript loop, fixed, runs too.
    const loop = codeBlock(page, 4);
    await loop.getByRole('textbox', { name: 'JavaScript example' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('console.log("done")');
    await loop.locator('.playground__actions').getByRole('button', { name: 'Run', exact: true }).click();
    await waitFor(async () => (await outputOf(loop)) === 'done\n', 30_000);
  }, 240_000);

  test("the runner frame reaches none of the app's storage, cookies or page, from the frame or the learner's code", async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await openTutorial(page);
    await page.evaluate(() => {
      localStorage.setItem('app-secret', 'kept by the app');
      document.cookie = 'app-cookie=secret; path=/';
    });
    await runBlock(page, 6, /^Finished in \d+ ms$/);
    // The learner's code sees no page, storage or network at all.
    expect(await outputOf(codeBlock(page, 6))).toBe(
      'localStorage undefined\ndocument undefined\nparent undefined\nfetch undefined\nXMLHttpRequest undefined\n',
    );

    // The frame itself is an opaque origin: every way to the app's data throws.
    const probes = await runnerFrame(page).evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          return `read ${String(read())}`;
        } catch (e) {
          return (e as Error).name;
        }
      };
      return {
        origin: self.origin,
        localStorage: attempt(() => localStorage.getItem('app-secret')),
        cookie: attempt(() => document.cookie),
        parent: attempt(() => parent.document.title),
        indexedDB: attempt(() => indexedDB.open('x')),
      };
    });
    expect(probes).toEqual({
      origin: 'null',
      localStorage: 'SecurityError',
      cookie: 'SecurityError',
      parent: 'SecurityError',
      indexedDB: 'SecurityError',
    });

    // Python's bridge to JavaScript (which would reach the Worker's globals) is refused by the harness.
    const python = codeBlock(page, 5);
    await python.getByRole('button', { name: 'Run', exact: true }).click();
    await expectStatus(python, /^Running…$/, 120_000);
    await python.getByRole('button', { name: 'Stop' }).click();
    await expectStatus(python, /^Stopped$/, 5_000);
    await python.getByRole('textbox', { name: 'Python example' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('import js; print(js.localStorage)');
    await python.locator('.playground__actions').getByRole('button', { name: 'Run', exact: true }).click();
    await expectStatus(python, /^Error$/, 120_000);
    expect(await python.locator('.playground__error').textContent()).toContain("No module named 'js'");
  }, 240_000);

  test('the editor is never a keyboard trap: Tab indents, Esc then Tab leaves it', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    await openTutorial(page);
    await runBlock(page, 0, /^Finished in \d+ ms$/);
    const editor = codeBlock(page, 0).getByRole('textbox', { name: 'JavaScript example' });
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect((await editor.textContent())?.startsWith('  const greet')).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    // Undo takes the indent back.
    await editor.click();
    await page.keyboard.press('Control+z');
    await waitFor(async () => (await editor.textContent())?.startsWith('const greet'));
  });

  test('the playground passes axe in both themes at 1280 and 360 px', async () => {
    const { page } = await newPage(env.browser, env.server.url);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await openTutorial(page);
        await runBlock(page, 0, /^Finished in \d+ ms$/);
        await codeBlock(page, 0).locator('.cm-editor').waitFor();
        await codeBlock(page, 3).getByRole('button', { name: 'Run', exact: true }).click();
        await codeBlock(page, 3).locator('iframe.playground__page').waitFor();
        if (width === 360) {
          // Usable on a phone: the editor fits the page's width.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        }
        await expectAccessible(page, `a tutorial's playgrounds (${theme}, ${width} px)`);
      }
    }
  }, 180_000);
});

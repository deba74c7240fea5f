// Browser-test harness: starts the real server on a throwaway database, drives Debian's Chromium through
// playwright-core, reads the mail the server wrote, and fails a test on console errors or off-machine requests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import { simpleParser } from 'mailparser';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { freePort } from '../src/server/test/free-port';
import { repoRoot, serveCommand, waitUntilServing } from '../src/server/test/serve-command';
import { createThrowawayDatabase } from '../src/server/test/throwaway-database';
import { THEME_STORAGE_KEY } from '../src/web/starter/theme';

export { defined } from '../src/server/test/defined';

export { repoRoot, serveCommand };

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  logs(): string;
  /** Stops the server and removes its data, unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

// Servers still running when the test process ends (a test that threw before its afterAll) are killed.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The migrated PGlite database of this run's first server start (e2e/global-setup.ts), or none. */
function migratedDataDir(): string | null {
  try {
    return inject('migratedDataDir') || null;
  } catch {
    // Outside a vitest run (the global setup itself).
    return null;
  }
}

/**
 * Starts the compiled server as `npm start` does (`npm run serve`) on a free port and a new DATA_DIR (and a fresh
 * PostgreSQL database when DATABASE_URL is set), with the demo content seeded; resolves once the course list answers
 * 200. On PGlite the DATA_DIR holds a copy of the database `from` names (default: the one this run's first start
 * made and migrated, e2e/global-setup.ts), or nothing with `from: null`, as on a newcomer's first start.
 */
export async function startServer(
  opts: { env?: Record<string, string>; from?: string | null } = {},
): Promise<RunningServer> {
  const built = path.join(repoRoot, 'dist', 'server', 'main.js');
  if (!fs.existsSync(built)) {
    throw new Error(`The site is not built (${built} is missing): run \`npm run build\` before the browser tests.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-e2e-'));
  const from = opts.from === undefined ? migratedDataDir() : opts.from;
  if (from && !process.env.DATABASE_URL) {
    fs.cpSync(path.join(from, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const postgres = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL, 'devc_e2e')
    : null;

  const child = spawn(process.execPath, serveCommand(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));

  let stopped = false;
  const stop = async ({ keepData = false } = {}) => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    await postgres?.drop();
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // Migrating and seeding the demo catalogue (with its practice) took 64 s on a machine shared by several test runs.
    await waitUntilServing(`${url}/api/course/getCourse`, exited, 180_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output.slice(-6_000)}`);
  }
  return { url, dataDir, logs: () => output, stop };
}

/** Debian's Chromium, headless and quiet; `args` are added to the flags every run uses. */
export function launchBrowser(opts: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
      ...(opts.args ?? []),
    ],
  });
}

/** What a test expects to go wrong: console messages and request URLs matching these are not failures. */
export interface Allowances {
  console?: (string | RegExp)[];
  requests?: (string | RegExp)[];
}

export interface CheckedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught page errors and Content-Security-Policy violations seen so far. */
  consoleErrors: string[];
  /** Off-machine requests seen so far (all were aborted). */
  offMachineRequests: string[];
  /** Adds allowances after the page was made (e.g. just before visiting a 404 path). */
  allow(more: Allowances): void;
  /** Throws when the page logged an error or tried to reach another machine, unless allowed. */
  assertClean(): void;
  close(): Promise<void>;
}

const openPages = new Set<CheckedPage>();

function matches(text: string, patterns: (string | RegExp)[]): boolean {
  return patterns.some((p) => (typeof p === 'string' ? text.includes(p) : p.test(text)));
}

function isLocalHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return true;
  }
  // data:, blob: and about: URLs have no host and never leave the machine.
  return host === '' || host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * A new context and page on `baseUrl`. Requests to any host but this machine are aborted and recorded; console
 * errors, page errors and CSP violations (which Chromium reports without a console error when the code catches the
 * refusal, e.g. an eval probe) are recorded. Pages made here are checked and closed after each test (see
 * `failOnDirtyPages`), or call `assertClean()` yourself.
 */
export async function newPage(browser: Browser, baseUrl: string, allowances: Allowances = {}): Promise<CheckedPage> {
  const allowed = { console: [...(allowances.console ?? [])], requests: [...(allowances.requests ?? [])] };
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const offMachineRequests: string[] = [];

  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    consoleErrors.push(`CSP violation: ${text}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (text: string) => Promise<void> })
      .__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) => {
      void report(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocalHost(url)) return route.continue();
    offMachineRequests.push(url);
    return route.abort('blockedbyclient');
  });
  const watch = (target: Page) => {
    target.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // The console error Chromium logs for a request we aborted is already counted as that request.
      const source = msg.location().url;
      if (source && offMachineRequests.includes(source)) return;
      consoleErrors.push(`console error: ${msg.text()}${source ? ` (${source})` : ''}`);
    });
    target.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));
  };
  watch(page);
  // Pages the test's page opens (target=_blank links, window.open) are held to the same rules.
  context.on('page', (opened) => {
    if (opened !== page) watch(opened);
  });

  const checked: CheckedPage = {
    page,
    context,
    consoleErrors,
    offMachineRequests,
    allow(more) {
      allowed.console.push(...(more.console ?? []));
      allowed.requests.push(...(more.requests ?? []));
    },
    assertClean() {
      const problems = [
        ...consoleErrors.filter((e) => !matches(e, allowed.console)),
        ...offMachineRequests.filter((u) => !matches(u, allowed.requests)).map((u) => `off-machine request: ${u}`),
      ];
      if (problems.length) throw new Error(`The page was not clean:\n  ${problems.join('\n  ')}`);
    },
    async close() {
      openPages.delete(checked);
      await context.close().catch(() => {});
    },
  };
  openPages.add(checked);
  return checked;
}

/** Call once at the top of a test file: after each test, every page made by `newPage` is checked and closed. */
export function failOnDirtyPages(): void {
  afterEach(async (context) => {
    const pages = [...openPages];
    const problems: string[] = [];
    // A failed test says where each of its pages stood, so a failure seen once on a loaded machine can be read.
    if (context.task.result?.state === 'fail') {
      for (const checked of pages) console.error(await pageSummary(checked.page));
    }
    for (const checked of pages) {
      try {
        checked.assertClean();
      } catch (err) {
        problems.push((err as Error).message);
      }
      await checked.close();
    }
    if (problems.length) throw new Error(problems.join('\n'));
  });
}

/** The page's address, heading and the start of its text, for the log of a failed test. */
async function pageSummary(page: Page): Promise<string> {
  try {
    const text = await page.evaluate(() => document.body.innerText.slice(0, 800));
    return `page at ${page.url()}:\n${text}`;
  } catch (err) {
    return `page at ${page.url()}: unreadable (${(err as Error).message})`;
  }
}

export interface BrowserTestEnv {
  server: RunningServer;
  browser: Browser;
}

/**
 * Call once at the top of a browser-test file: starts the server and Chromium before its tests (the fields are
 * set from then on), checks and closes the pages after each test (`failOnDirtyPages`), stops both after all.
 * `env` is added to the server's environment (e.g. ADMIN_EMAILS).
 */
export function setUpBrowserTests(opts: { env?: Record<string, string> } = {}): BrowserTestEnv {
  const env = {} as BrowserTestEnv;
  beforeAll(async () => {
    env.server = await startServer({ env: opts.env });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  failOnDirtyPages();
  return env;
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The mail the server wrote to `DATA_DIR/mail/*.eml`, newest first. */
export async function readMail(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => {
      const file = path.join(dir, f);
      return { file, mtime: fs.statSync(file).mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
  const mails: Mail[] = [];
  for (const { file } of files) {
    const parsed = await simpleParser(fs.readFileSync(file));
    const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
    const text = parsed.text ?? '';
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    const found = [
      ...(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []),
      ...[...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')),
    ];
    mails.push({ file, to, subject: parsed.subject ?? '', text, html, links: [...new Set(found)] });
  }
  return mails;
}

/** Polls `fn` until it returns a truthy value (answered) or the time is up (throws its last error, if any). */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: Error | undefined;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
      lastError = undefined;
    } catch (err) {
      lastError = err instanceof Error ? err : new Error(String(err));
    }
    if (Date.now() >= deadline) {
      if (lastError) throw lastError;
      throw new Error(`waitFor: no answer within ${timeoutMs} ms`);
    }
    await sleep(intervalMs);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first link containing `part` mailed to `to` (none of `notBefore`), once the server has written it. */
export function mailedLink(server: RunningServer, to: string, part: string, notBefore: string[] = []): Promise<string> {
  return waitFor(async () => {
    for (const mail of await readMail(server.dataDir)) {
      if (!mail.to.includes(to)) continue;
      const link = mail.links.find((l) => l.includes(part) && !notBefore.includes(l));
      if (link) return link;
    }
    return null;
  }, 15_000);
}

export interface TestAccount {
  id: string;
  token: string;
  name: string;
  email: string;
}

/** Calls the API with a JSON body and the account's token, and answers the JSON of its 200 (anything else throws). */
export async function callApi<T>(
  server: RunningServer,
  method: string,
  urlPath: string,
  account?: Pick<TestAccount, 'token'>,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(account ? { 'auth-token': account.token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Logs in through the API. */
export async function logInByApi(
  server: RunningServer,
  name: string,
  email: string,
  password: string,
): Promise<TestAccount> {
  const login = await callApi<{ success: boolean; authToken?: string; id?: string }>(
    server,
    'POST',
    '/api/auth/loginUser',
    undefined,
    { email, password },
  );
  if (!login.success || !login.authToken || !login.id) throw new Error(`${email} could not log in`);
  return { id: login.id, token: login.authToken, name, email };
}

/** A verified, signed-in account made through the accounts API and the emailed verification link. */
export async function createAccount(
  server: RunningServer,
  name: string,
  { email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.test`, password = 'test-secret' } = {},
): Promise<TestAccount> {
  await callApi(server, 'POST', '/api/auth/createUser', undefined, { name, email, password });
  const link = await mailedLink(server, email, '/user/verify/');
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  const verified = await fetch(`${server.url}/api/auth/verify/${encodeURIComponent(token)}`);
  if (verified.status !== 200) throw new Error(`verifying ${email}: ${verified.status}`);
  return logInByApi(server, name, email, password);
}

/** A new verified account that `admin` has made an author (Studio: PUT /api/studio/users/{id}/role). */
export async function createAuthor(server: RunningServer, name: string, admin: TestAccount): Promise<TestAccount> {
  const author = await createAccount(server, name);
  await callApi(server, 'PUT', `/api/studio/users/${author.id}/role`, admin, { role: 'author' });
  return author;
}

/** Puts the account's token and id where the web app keeps them (`auth-token`, `user-id`), then opens `to` and waits
 *  for React to take the page over: a key or click before that reaches plain server-rendered HTML and is lost. */
export async function signInAt(page: Page, account: Pick<TestAccount, 'token' | 'id'>, to: string): Promise<void> {
  await page.goto('/');
  await page.evaluate(({ token, id }) => {
    localStorage.setItem('auth-token', token);
    localStorage.setItem('user-id', id);
  }, account);
  await page.goto(to);
  await waitForHydration(page);
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Runs axe-core (WCAG 2.1 A/AA, WCAG 2.2 AA: target size, and best practices) on the page as it is now and throws listing every violation,
 * with the elements it found them on. `screen` names the screen in the message.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Evaluated through the DevTools protocol: an inline <script> tag would be refused by the app's CSP.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axe.source);
  // The theme settled: after emulateMedia the page follows the system's change in an event that can come after this
  // call began; its colour transitions would then start while axe measures. Wait for the theme the page should show
  // (the reader's stored choice, else the system's), then for the transitions.
  await page.waitForFunction((key) => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(key);
    } catch {
      stored = null;
    }
    const system = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    return document.documentElement.dataset.theme === (stored === 'dark' || stored === 'light' ? stored : system);
  }, THEME_STORAGE_KEY);
  // The page at rest: a transition still running (a button changing colours as its state flips) finishes first,
  // so axe never measures colours half-way. Endless animations (a spinner) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const result = await window.axe?.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return (result?.violations ?? []).map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  if (violations.length === 0) return;
  const lines = violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n      on ${v.targets.join('\n      on ')}`);
  throw new Error(`axe found ${violations.length} accessibility problem(s) on ${screen}:\n  ${lines.join('\n  ')}`);
}

/** Waits until React has hydrated a server-rendered page (decision 0016): React has attached itself to the page's h1,
 *  which sits inside the page's Suspense boundary and hydrates last. Before that, clicks reach plain HTML. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('main h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Waits for the SPEC alert (the 1,000 ms banner) to show `text`. */
export async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByTestId('alert').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Types into the rich-text field named `label` (the editor loads lazily, so this waits for it). */
export async function typeRichText(
  page: Page,
  label: string,
  text: string,
  options: { exact?: boolean } = {},
): Promise<void> {
  const box = page.getByRole('textbox', { name: label, exact: options.exact });
  await box.waitFor({ timeout: 15_000 });
  await box.click();
  await page.keyboard.type(text);
}

// `npm run size`: what the home page makes a browser load, measured in one. Headless Chromium (playwright-core;
// /usr/bin/chromium or CHROMIUM_PATH) opens / on the compiled server (dist/server/main.js on a throwaway data
// directory with the demo content, as `npm start` serves it) and counts every script it requests until the network
// is idle, by the bytes that crossed the wire gzip-compressed (the browser is asked to accept gzip only, so brotli
// does not change the figure). Budget: JavaScript ≤ 90 KB, CSS ≤ 20 KB (decision 0020). Exits 1 above either.
// Also printed: index.html's inline scripts (the theme, a rendered page's starter) and the page's inline stylesheets,
// which arrive inside the HTML document: gzip -9 of their text on its own, the JavaScript counted into the budget.
// Run `npm run build` first.
/* global document -- read in the page, inside page.evaluate */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = { js: 90 * 1024, css: 20 * 1024 };
const serverEntry = path.join(root, 'dist', 'server', 'main.js');

for (const built of [path.join(root, 'dist', 'web', 'index.html'), serverEntry]) {
  if (!fs.existsSync(built)) {
    console.error(`${path.relative(root, built)} not found: run \`npm run build\` first.`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-size-'));
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverLog = '';
server.stderr.on('data', (chunk) => (serverLog += chunk));
const exited = new Promise((resolve) => server.once('exit', resolve));
let browser;

async function waitUntilServing(deadline) {
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before answering:\n${serverLog}`);
    try {
      if ((await fetch(`${url}/api/course/getCourse`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not answer within 60 s:\n${serverLog}`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let over = false;
try {
  await waitUntilServing(Date.now() + 60_000);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });

  const rows = [];
  for (const request of finished) {
    const kind = { script: 'js', stylesheet: 'css' }[request.resourceType()];
    if (!kind) continue;
    const response = await request.response();
    const [sizes, headers] = await Promise.all([request.sizes(), response?.allHeaders() ?? {}]);
    const raw = (await response?.body())?.length ?? 0;
    const encoding = headers['content-encoding'] ?? 'none';
    rows.push({ kind, file: new URL(request.url()).pathname, raw, wire: sizes.responseBodySize, encoding });
  }
  rows.sort((a, b) => a.kind.localeCompare(b.kind) || b.wire - a.wire);

  const inline = await page.evaluate(() => ({
    js: [...document.querySelectorAll('script:not([src]):not([type])')].map((s) => s.textContent ?? '').join(''),
    css: [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join(''),
  }));
  const inlineRow = (kind, text) => {
    const bytes = Buffer.from(text);
    return {
      kind,
      file: `(inline in the HTML, gzip -9)`,
      raw: bytes.length,
      wire: gzipSync(bytes, { level: 9 }).length,
    };
  };
  rows.push(inlineRow('js', inline.js), inlineRow('css', inline.css));

  console.log(`Home page in headless Chromium until the network is idle (${url}/)\n`);
  console.log(`${'kind'.padEnd(4)} ${'file'.padEnd(46)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)}`);
  for (const row of rows)
    console.log(
      `${row.kind.padEnd(4)} ${row.file.padEnd(46)} ${kb(row.raw).padStart(9)} ${kb(row.wire).padStart(9)}${row.encoding && row.encoding !== 'gzip' ? `  (sent ${row.encoding})` : ''}`,
    );
  console.log('');
  for (const kind of ['js', 'css']) {
    const total = rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.wire, 0);
    const requests = rows.filter((row) => row.kind === kind && !row.file.startsWith('(')).length;
    const verdict = total <= BUDGET[kind] ? 'ok' : 'OVER';
    if (verdict === 'OVER') over = true;
    console.log(
      `${kind === 'js' ? 'JavaScript' : 'CSS'.padEnd(10)} ${kb(total).padStart(9)} / ${kb(BUDGET[kind])} ${verdict}  (${requests} requests + inline)`,
    );
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (over) {
  console.error('\nOver budget: see docs/decisions/0020 for what the first load is made of.');
  process.exit(1);
}

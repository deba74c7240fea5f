// `npm run bench:ssr`: requests per second and p99 latency of server-rendered pages against the JSON read
// endpoint each page is made from, on the same app server in the same run (target: page req/s ≥ 0.8 × JSON req/s,
// page p99 ≤ 15 ms at 50 connections), both asked for as a browser asks (compressed). The app is the compiled server
// as `npm start` runs it (built first if its sources changed). Writes docs/performance.md's "Server-rendered pages"
// section.
//   BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ACCEPT_ENCODING (default as a browser)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startCompiledApp } from './lib/compiled-app';
import { demoItems } from './lib/demo-items';
import { measurePair } from './lib/measure-pair';
import { measuredOn, writeSection } from './lib/performance-doc';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = 5;
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 15;
/** What a browser sends: pages and reads go to readers compressed. BENCH_ACCEPT_ENCODING='' measures them plain. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const requestHeaders: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};

/** The bytes of an answer's body as sent (compressed when asked), with the encoding it was sent in. */
function sentBody(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: requestHeaders }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      })
      .on('error', reject);
  });
}

interface Row {
  page: string;
  json: string;
  rps: number;
  p99: number;
  jsonRps: number;
  ratio: number;
  /** The server's CPU per request (µs): the page, the JSON read. */
  cpu: [number, number];
  bytes: number;
  sent: { bytes: number; encoding: string };
  jsonSent: { bytes: number; encoding: string };
  errors: number;
}

async function pairs(url: string): Promise<{ page: string; json: string }[]> {
  const { courseId, lessonId, postId } = await demoItems(url);
  return [
    { page: '/', json: '/api/course/getCourse' },
    { page: '/course', json: '/api/course/getCourse' },
    { page: `/course/${courseId}/${lessonId}`, json: `/api/lession/getLession/${courseId}/${lessonId}` },
    { page: `/blog/${postId}`, json: `/api/blog/getBlogDetail/${postId}` },
  ];
}

const short = (p: string) => p.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}');

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-ssr-'));
  const rows: Row[] = [];
  const app = await startCompiledApp({ dataDir: path.join(work, 'app') });
  try {
    for (const { page, json } of await pairs(app.url)) {
      const res = await fetch(app.url + page);
      const html = await res.text();
      if (res.status !== 200 || !html.includes('id="ssr-state"')) throw new Error(`${page} is not a rendered page`);
      process.stdout.write(`  ${short(page)} vs ${short(json)}: `);
      const { app: rendered, bare: read } = await measurePair(app.url + page, app.url + json, {
        duration,
        connections,
        rounds: ROUNDS,
        headers: requestHeaders,
        pids: [app.pid, app.pid],
      });
      console.log(
        `page ${Math.round(rendered.rps)} req/s (p99 ${rendered.p99} ms), JSON ${Math.round(read.rps)} req/s`,
      );
      rows.push({
        page: short(page),
        json: short(json),
        rps: rendered.rps,
        p99: rendered.p99,
        jsonRps: read.rps,
        ratio: rendered.rps / read.rps,
        cpu: [rendered.cpuUs ?? NaN, read.cpuUs ?? NaN],
        bytes: Buffer.byteLength(html),
        sent: await sentBody(app.url + page),
        jsonSent: await sentBody(app.url + json),
        errors: rendered.errors + read.errors,
      });
    }
  } finally {
    await app.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }

  const head =
    '| page | KB | KB sent | req/s | p99 ms | JSON read | KB sent | JSON req/s | ratio | CPU µs/req page, JSON | verdict |';
  const rule = '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---|';
  const kb = (sent: Row['sent']) =>
    `${(sent.bytes / 1024).toFixed(1)}${sent.encoding === 'none' ? '' : ` (${sent.encoding})`}`;
  const lines = rows.map((r) => {
    const ok = r.ratio >= TARGET_RATIO && r.p99 <= TARGET_P99_MS && r.errors === 0;
    const verdict = ok ? 'meets' : `MISSES${r.errors ? ` (${r.errors} errors)` : ''}`;
    return `| ${r.page} | ${(r.bytes / 1024).toFixed(1)} | ${kb(r.sent)} | ${Math.round(r.rps)} | ${r.p99} | ${r.json} | ${kb(r.jsonSent)} | ${Math.round(r.jsonRps)} | ${r.ratio.toFixed(2)} | ${r.cpu.map((us) => us.toFixed(1)).join(', ')} | ${verdict} |`;
  });
  const result = [head, rule, ...lines].join('\n');
  console.log(`\n${result}\n`);
  writeSection(
    'Server-rendered pages',
    [
      ...measuredOn('`npm run bench:ssr` (bench/ssr.ts)', loadBefore),
      `autocannon: ${connections} connections, ${duration} s per URL after a 2 s warm-up, in ${ROUNDS} alternating rounds`,
      '(page, JSON, JSON, page, …) against one app server: the compiled server started as `npm start` starts it, from',
      'its second start (PGlite, demo content, request log at info). The page answer is the rendered HTML from the page',
      'cache (it is rendered once per content change) and both answers are kept as the bytes sent (their compressed',
      'forms made once).',
      acceptEncoding
        ? `Both requests send \`Accept-Encoding: ${acceptEncoding}\` as a browser does; "KB" is the page's HTML, "KB sent" the body on the wire.`
        : 'No Accept-Encoding is sent (BENCH_ACCEPT_ENCODING=""): every answer moves its full size.',
      "CPU µs/req: the server process's CPU time (user and system, from /proc) over the requests it answered in each",
      "URL's rounds: what it spends on one answer, which the load generator on the same cores and load from elsewhere",
      'sway far less than req/s.',
      '',
      `Targets: ratio (page req/s ÷ JSON req/s) ≥ ${TARGET_RATIO}, page p99 ≤ ${TARGET_P99_MS} ms.`,
      '',
      result,
    ].join('\n'),
  );
}

await main();

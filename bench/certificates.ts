// `npm run bench:certificates`: the certificate page's server-rendered throughput and p99 against its JSON read
// (targets: page req/s ≥ 0.5 × JSON req/s, page p99 ≤ 25 ms at 50 connections); the PDF's and the share image's time
// per file, cold (never made) and cached (target: cold PDF p95 ≤ 300 ms); and the server's peak memory while 20 files
// of each are made at once. Needs `npm run build` (the web app and its server entry). Writes docs/performance.md's
// "Certificates" section.
//   BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './lib/child-server';
import { measurePair } from './lib/measure-pair';
import { measuredOn, writeSection } from './lib/performance-doc';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.join(here, '..', 'dist', 'web');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = 5;
const SEQUENTIAL = 20;
const AT_ONCE = 20;
const TARGET = { ratio: 0.5, p99: 25, pdfColdP95: 300 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => `${n.toFixed(1)}`;

/** Resident memory of a process, in MB: now (VmRSS) or its peak since the last reset (VmHWM). */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}
/** Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM to the current RSS). */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.length === 0) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(webDir, 'index.html')) || !fs.existsSync(path.join(webDir, '..', 'ssr')))
    throw new Error('Build first: npm run build (dist/web and dist/ssr)');
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-certs-'));
  const codesFile = path.join(work, 'codes');
  const app = await startChildServer(
    path.join(here, 'lib', 'certificates-server.ts'),
    {
      BENCH_PGLITE_DIR: path.join(work, 'pglite'),
      BENCH_WEB_DIR: webDir,
      BENCH_CODES_FILE: codesFile,
      BENCH_CERTIFICATES: String(1 + 2 * SEQUENTIAL + 2 * AT_ONCE),
    },
    { timeoutMs: 300_000 },
  );
  const lines: string[] = [];
  try {
    const codes = fs.readFileSync(codesFile, 'utf8').split('\n');
    const pageCode = codes.shift() ?? '';
    const take = (n: number) => codes.splice(0, n);

    // The page against its JSON read.
    const page = `${app.url}/certificates/${pageCode}`;
    const html = await (await fetch(page)).text();
    if (!html.includes('id="ssr-state"')) throw new Error('The certificate page is not rendered');
    const pair = await measurePair(page, `${app.url}/api/certificates/${pageCode}`, {
      duration,
      connections,
      rounds: ROUNDS,
    });
    const ratio = pair.app.rps / pair.bare.rps;
    const pageOk = ratio >= TARGET.ratio && pair.app.p99 <= TARGET.p99 && pair.app.errors + pair.bare.errors === 0;
    console.log(
      `page ${Math.round(pair.app.rps)} req/s (p99 ${pair.app.p99} ms), JSON ${Math.round(pair.bare.rps)} req/s: ratio ${ratio.toFixed(2)}`,
    );

    // Files one after another: cold (never made), then the same again (cached).
    const fileRows: string[] = [];
    let pdfColdP95 = Infinity;
    for (const [kind, suffix] of [
      ['PDF', '.pdf'],
      ['image', '/image.png'],
    ] as const) {
      const urls = take(SEQUENTIAL).map((code) => `${app.url}/certificates/${code}${suffix}`);
      const cold: number[] = [];
      for (const url of urls) cold.push(await timed(url));
      const cached: number[] = [];
      for (const url of urls) cached.push(await timed(url));
      if (kind === 'PDF') pdfColdP95 = percentile(cold, 95);
      const row = `| ${kind} | ${ms(percentile(cold, 50))} | ${ms(percentile(cold, 95))} | ${ms(Math.max(...cold))} | ${ms(percentile(cached, 50))} | ${ms(percentile(cached, 95))} |`;
      fileRows.push(row);
      console.log(row);
    }

    // 20 files made at once: the server's peak memory over its memory before.
    const memoryRows: string[] = [];
    for (const [kind, suffix] of [
      ['PDF', '.pdf'],
      ['image', '/image.png'],
    ] as const) {
      const urls = take(AT_ONCE).map((code) => `${app.url}/certificates/${code}${suffix}`);
      const before = memoryOf(app.pid, 'VmRSS');
      resetPeak(app.pid);
      const started = performance.now();
      await Promise.all(urls.map((url) => timed(url)));
      const wall = performance.now() - started;
      const peak = memoryOf(app.pid, 'VmHWM');
      const row = `| ${AT_ONCE} ${kind}s at once | ${before.toFixed(0)} | ${peak.toFixed(0)} | +${(peak - before).toFixed(0)} | ${wall.toFixed(0)} |`;
      memoryRows.push(row);
      console.log(row);
    }

    const pdfOk = pdfColdP95 <= TARGET.pdfColdP95;
    lines.push(
      ...measuredOn('`npm run bench:certificates` (bench/certificates.ts)', loadBefore),
      `One app server (PGlite, the demo content, the built web app and its server entry, request log at ${process.env.LOG_LEVEL ?? 'info'})`,
      'with certificates of learners named in Latin with diacritics, Cyrillic and Greek.',
      '',
      `**Page against its JSON read** (autocannon, ${connections} connections, ${duration} s per URL after a 2 s warm-up, in`,
      `${ROUNDS} alternating rounds). Targets: ratio ≥ ${TARGET.ratio}, page p99 ≤ ${TARGET.p99} ms.`,
      '',
      '| page | req/s | p99 ms | JSON req/s | ratio | verdict |',
      '|---|---:|---:|---:|---:|---|',
      `| /certificates/{code} | ${Math.round(pair.app.rps)} | ${pair.app.p99} | ${Math.round(pair.bare.rps)} | ${ratio.toFixed(2)} | ${pageOk ? 'meets' : 'MISSES'} |`,
      '',
      `**Files, one request at a time** (${SEQUENTIAL} certificates each; ms per file, request to last byte; cold: never`,
      `made before, cached: the same again). Target: cold PDF p95 ≤ ${TARGET.pdfColdP95} ms: ${pdfOk ? 'meets' : 'MISSES'}.`,
      '',
      '| file | cold p50 | cold p95 | cold max | cached p50 | cached p95 |',
      '|---|---:|---:|---:|---:|---:|',
      ...fileRows,
      '',
      `**Peak server memory while ${AT_ONCE} files are made at once** (resident MB: before, peak, growth; wall time ms).`,
      '',
      '| load | RSS before | peak RSS | growth | ms |',
      '|---|---:|---:|---:|---:|',
      ...memoryRows,
    );
  } finally {
    await app.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const body = lines.join('\n');
  console.log(`\n${body}\n`);
  writeSection('Certificates', body);
}

await main();

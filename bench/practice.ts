// `npm run bench:practice`: the practice figures through HTTP, on the compiled server started as `npm start` starts
// it (`node --enable-source-maps dist/server/main.js`, its grader lazy: the first submission starts it), on PGlite
// and on PostgreSQL. Per database:
//   - JavaScript verdicts (FizzBuzz, three tests, one hidden): one submission at a time (the service time), then 20
//     learners submitting at once, each answer followed at once by the next submission; verdicts per second and
//     p99. Target: ≥ 200/s, p99 ≤ 250 ms. The API allows 30 submissions per learner per minute, so every
//     submission comes from the next of BENCH_LEARNERS accounts (round-robin); 429 and 503 are counted apart.
//   - Python verdicts, the same once the interpreter is warm. Target: ≥ 30/s, p99 ≤ 1 s.
//   - The read endpoints' p99 (course list, lesson list, exercise, practice list; evenly paced, 10 clients at
//     100 requests/s), idle and while 20 learners keep `while(true){}` being graded. Target: at most twice idle.
//   - The server process's RSS (worker threads included) at ready and under each load.
// Writes docs/performance.md's "Practice" section (bench/practice-grading.ts measures the engine without HTTP).
//   BENCH_DURATION (s per measured run, default 15), BENCH_LEARNERS (default 2000: the API allows a learner 30
//   submissions a minute, so at 500 verdicts/s a minute of the bench needs 1,000 learners),
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; unreachable: the PostgreSQL half is skipped),
//   BENCH_CPU_PROF=dir: the server writes a V8 CPU profile of its main thread there when it exits.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedLoad, type PacedRequest, type PacedResult } from './lib/paced-load';
import { measuredOn, writeSection } from './lib/performance-doc';
import { onThrowawayPostgres } from './lib/postgres-half';
import type { PracticeFixture } from './lib/practice-fixture';
import { processTreeRss } from './lib/process-rss';

const root = fileURLToPath(new URL('..', import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 15);
const learners = Number(process.env.BENCH_LEARNERS ?? 2000);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const CONCURRENCY = 20;
const WARMUP_S = 3;
const SERIAL_S = 3;
const READ_CLIENTS = 10;
const READ_RATE = 100;
const LOOP = 'while (true) {}';
const TARGETS = {
  javascript: { perSecond: 200, p99: 250 },
  python: { perSecond: 30, p99: 1_000 },
  readRatio: 2,
};

// ---- the compiled server ----

interface Server {
  url: string;
  pid: number;
  readyMs: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The server's resident memory: every thread (the QuickJS grading workers) and child process (the Python
 *  grading workers) included. */
const rssMb = (pid: number) => processTreeRss(pid) / 1024 / 1024;

/** `node --enable-source-maps dist/server/main.js`, what `npm start` runs, on `env`'s database; ready at the first
 *  200 of /api/health. Its request log (info, as in production) is dropped. */
async function startServer(env: Record<string, string>, timeoutMs = 180_000): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const started = performance.now();
  const profile = process.env.BENCH_CPU_PROF ? [`--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, '--cpu-prof'] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs} ms`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    pid: child.pid ?? 0,
    readyMs: performance.now() - started,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

const TICKS_PER_S = 100;
/** CPU seconds used so far (user + system) by the server's main thread (its event loop: HTTP, the database client,
 *  PGlite itself) and by the whole process (the grading workers too). Read from /proc, so the figures per verdict
 *  hold on a loaded machine where the wall-clock rates do not. */
function cpuSeconds(pid: number): { main: number; all: number } {
  const used = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  };
  return {
    main: used(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
    all: used(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')),
  };
}

/** The highest RSS seen while `work` runs (sampled every 200 ms). */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 200);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

// ---- submissions ----

interface SubmitRun {
  perSecond: number;
  p50: number;
  p99: number;
  /** The mean of the answers' `durationMs`: the time the engine itself ran the code and tests. */
  engineMs: number;
  /** CPU milliseconds a verdict of the measured window cost the server: its main thread, and every thread. */
  mainCpuMs: number;
  allCpuMs: number;
  /** 2xx answers in the measured window; those whose verdict was not the one expected. */
  ok: number;
  unexpected: number;
  tooMany: number;
  busy: number;
  otherStatus: number;
  failed: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : 0;

/** Every submission as the next learner of the fixture, round-robin over the whole run of one database. */
function learnerRing(tokens: string[]) {
  let next = 0;
  return () => tokens[next++ % tokens.length];
}

async function submitOnce(
  url: string,
  exerciseId: string,
  code: string,
  token: string,
  signal?: AbortSignal,
): Promise<{ status: number; verdict?: string; durationMs?: number }> {
  const res = await fetch(`${url}/api/exercises/${exerciseId}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: JSON.stringify({ code }),
    signal,
  });
  const body = (await res.json().catch(() => ({}))) as { verdict?: string; durationMs?: number };
  return { status: res.status, verdict: body.verdict, durationMs: body.durationMs };
}

/** `concurrency` learners each submitting again as soon as answered: `warmupSeconds` not counted, then `seconds`,
 *  in which every answer counts (by when it arrived). */
async function submitLoad(
  server: Server,
  nextToken: () => string,
  options: { exerciseId: string; code: string; expected: string; concurrency: number; seconds: number },
  warmupSeconds = WARMUP_S,
): Promise<SubmitRun> {
  const { url } = server;
  const latencies: number[] = [];
  let engineMs = 0;
  const run: Omit<SubmitRun, 'perSecond' | 'p50' | 'p99' | 'engineMs' | 'mainCpuMs' | 'allCpuMs'> = {
    ok: 0,
    unexpected: 0,
    tooMany: 0,
    busy: 0,
    otherStatus: 0,
    failed: 0,
  };
  const from = performance.now() + warmupSeconds * 1000;
  const until = from + options.seconds * 1000;
  let cpuFrom = cpuSeconds(server.pid);
  let cpuUntil = cpuFrom;
  const cpuTimers = [
    setTimeout(() => (cpuFrom = cpuSeconds(server.pid)), from - performance.now()),
    setTimeout(() => (cpuUntil = cpuSeconds(server.pid)), until - performance.now()),
  ];
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const answer = await submitOnce(url, options.exerciseId, options.code, nextToken()).catch(() => null);
        const done = performance.now();
        if (done < from || done > until) continue;
        if (!answer) run.failed += 1;
        else if (answer.status === 429) run.tooMany += 1;
        else if (answer.status === 503) run.busy += 1;
        else if (answer.status < 200 || answer.status > 299) run.otherStatus += 1;
        else {
          run.ok += 1;
          latencies.push(done - sent);
          engineMs += answer.durationMs ?? 0;
          if (answer.verdict !== options.expected) run.unexpected += 1;
        }
        // A refusal answers at once: wait a little rather than spin on it.
        if (!answer || answer.status === 429 || answer.status === 503) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  cpuTimers.forEach(clearTimeout);
  latencies.sort((a, b) => a - b);
  const perVerdict = (seconds: number) => (run.ok ? Math.round((seconds * 1000 * 10) / run.ok) / 10 : 0);
  return {
    ...run,
    mainCpuMs: perVerdict(cpuUntil.main - cpuFrom.main),
    allCpuMs: perVerdict(cpuUntil.all - cpuFrom.all),
    perSecond: run.ok / options.seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    engineMs: latencies.length ? Math.round(engineMs / latencies.length) : 0,
  };
}

const refusals = (r: SubmitRun) =>
  `${r.tooMany} × 429, ${r.busy} × 503, ${r.otherStatus} other non-2xx, ${r.failed} connection errors`;

// ---- reads ----

function reads(fixture: PracticeFixture): () => PacedRequest {
  const paths = [
    '/api/course/getCourse',
    `/api/lession/getLessionList/${fixture.courseId}`,
    `/api/exercises/${fixture.javascriptExercise}`,
    `/api/practice/lesson/${fixture.lessonId}`,
  ];
  let next = 0;
  return () => ({ method: 'GET', path: paths[next++ % paths.length], headers: {}, body: '' });
}

const readLoad = (url: string, fixture: PracticeFixture) =>
  pacedLoad(url, { clients: READ_CLIENTS, rate: READ_RATE, seconds: duration, warmupSeconds: 2 }, reads(fixture));

/** `CONCURRENCY` learners keeping `while(true){}` graded until `stop` is called; then the count of answers. */
function loopLoad(url: string, fixture: PracticeFixture, nextToken: () => string) {
  const abort = new AbortController();
  const counts = { timeout: 0, otherVerdict: 0, tooMany: 0, busy: 0, otherStatus: 0 };
  const running = Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!abort.signal.aborted) {
        const answer = await submitOnce(url, fixture.javascriptExercise, LOOP, nextToken(), abort.signal).catch(
          () => null,
        );
        if (!answer) continue;
        if (answer.status === 429) counts.tooMany += 1;
        else if (answer.status === 503) counts.busy += 1;
        else if (answer.status !== 200) counts.otherStatus += 1;
        else if (answer.verdict === 'timeout') counts.timeout += 1;
        else counts.otherVerdict += 1;
        if (answer.status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return {
    async stop() {
      abort.abort();
      await running;
      return counts;
    },
  };
}

// ---- one database ----

interface LanguageFigures {
  firstMs: number;
  serialP50: number;
  serialEngineMs: number;
  load: SubmitRun;
  peakMb: number;
}

interface Row {
  db: string;
  readyMs: number;
  rssReadyMb: number;
  javascript: LanguageFigures;
  python: LanguageFigures;
  rssWarmIdleMb: number;
  readsIdle: PacedResult;
  readsLoops: PacedResult;
  loopsPeakMb: number;
  loops: { timeout: number; otherVerdict: number; tooMany: number; busy: number; otherStatus: number };
}

async function benchLanguage(
  server: Server,
  nextToken: () => string,
  language: 'javascript' | 'python',
  exerciseId: string,
  code: string,
): Promise<LanguageFigures> {
  // The first submission of the language starts its workers (lazily, as in production).
  const t = performance.now();
  const first = await submitOnce(server.url, exerciseId, code, nextToken());
  const firstMs = performance.now() - t;
  if (first.status !== 200 || first.verdict !== 'passed')
    throw new Error(`${language}: the first submission answered ${first.status} ${first.verdict ?? ''}`);
  const options = { exerciseId, code, expected: 'passed' };
  const serial = await submitLoad(server, nextToken, { ...options, concurrency: 1, seconds: SERIAL_S }, 1);
  const { result: load, peakMb } = await peakRss(server.pid, () =>
    submitLoad(server, nextToken, { ...options, concurrency: CONCURRENCY, seconds: duration }),
  );
  console.log(
    `  ${language}: first submission (starts its workers) ${firstMs.toFixed(0)} ms; one at a time p50 ` +
      `${serial.p50} ms (engine ${serial.engineMs} ms); ${CONCURRENCY} at once: ${load.perSecond.toFixed(0)} verdicts/s, p50 ${load.p50} ms, ` +
      `p99 ${load.p99} ms, engine ${load.engineMs} ms a verdict, server CPU ${load.mainCpuMs} ms a verdict on its ` +
      `main thread and ${load.allCpuMs} ms in all (${load.ok} answered, ${load.unexpected} not 'passed'; ${refusals(load)}); ` +
      `peak RSS ${peakMb.toFixed(0)} MB`,
  );
  return { firstMs, serialP50: serial.p50, serialEngineMs: serial.engineMs, load, peakMb };
}

async function benchDatabase(db: string, env: Record<string, string>, fixtureEnv: Record<string, string>) {
  console.log(`\n${db}: seeding and signing in ${learners} learners…`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-practice-fixture-'));
  try {
    const out = path.join(work, 'fixture.json');
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/lib/practice-fixture.ts'], {
      cwd: root,
      env: { ...process.env, ...fixtureEnv, BENCH_OUT: out, BENCH_LEARNERS: String(learners) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const fixture = JSON.parse(fs.readFileSync(out, 'utf8')) as PracticeFixture;
    const server = await startServer(env);
    try {
      const rssReadyMb = rssMb(server.pid);
      console.log(`  compiled server ready in ${server.readyMs.toFixed(0)} ms, RSS ${rssReadyMb.toFixed(0)} MB`);
      const nextToken = learnerRing(fixture.tokens);
      const javascript = await benchLanguage(
        server,
        nextToken,
        'javascript',
        fixture.javascriptExercise,
        fixture.javascriptSolution,
      );
      const python = await benchLanguage(server, nextToken, 'python', fixture.pythonExercise, fixture.pythonSolution);
      const rssWarmIdleMb = rssMb(server.pid);
      const readsIdle = await readLoad(server.url, fixture);
      console.log(
        `  reads idle (workers warm): p50 ${readsIdle.p50} ms, p99 ${readsIdle.p99} ms, ${readsIdle.errors} errors; ` +
          `RSS ${rssWarmIdleMb.toFixed(0)} MB`,
      );
      const loops = loopLoad(server.url, fixture, nextToken);
      const { result: readsLoops, peakMb: loopsPeakMb } = await peakRss(server.pid, async () => {
        await new Promise((r) => setTimeout(r, WARMUP_S * 1000)); // every worker busy, the queue filled
        return readLoad(server.url, fixture);
      });
      const loopCounts = await loops.stop();
      console.log(
        `  reads while ${CONCURRENCY} infinite loops are graded: p50 ${readsLoops.p50} ms, p99 ${readsLoops.p99} ms, ` +
          `${readsLoops.errors} errors; loops answered: ${loopCounts.timeout} timeout, ${loopCounts.otherVerdict} ` +
          `other verdicts, ${loopCounts.tooMany} × 429, ${loopCounts.busy} × 503; peak RSS ${loopsPeakMb.toFixed(0)} MB`,
      );
      const row: Row = {
        db,
        readyMs: server.readyMs,
        rssReadyMb,
        javascript,
        python,
        rssWarmIdleMb,
        readsIdle,
        readsLoops,
        loopsPeakMb,
        loops: loopCounts,
      };
      return row;
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// ---- the section ----

const meets = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The grader's workers on this machine (grading/grader.ts's defaults). */
const WORKERS = {
  javascript: Math.min(Math.max(1, os.availableParallelism() - 1), 8),
  python: os.availableParallelism() >= 4 ? 2 : 1,
};

/** One submission at a time: the part of its latency spent outside the engine. */
const outside = (figures: LanguageFigures) => Math.max(0, figures.serialP50 - figures.serialEngineMs);

function verdicts(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const r of rows) {
    for (const language of ['javascript', 'python'] as const) {
      const { load } = r[language];
      const target = TARGETS[language];
      const name = language === 'javascript' ? 'JavaScript' : 'Python';
      lines.push(
        `- ${r.db}, ${name}: ${load.perSecond.toFixed(0)} verdicts/s (target ≥ ${target.perSecond}: ` +
          `${meets(load.perSecond >= target.perSecond)}), p99 ${load.p99} ms (target ≤ ${target.p99} ms: ` +
          `${meets(load.p99 <= target.p99)}); the engine took ${load.engineMs} ms a verdict, so its ` +
          `${WORKERS[language]} worker(s) could give at most ` +
          `${load.engineMs ? ((WORKERS[language] * 1000) / load.engineMs).toFixed(0) : '?'}/s; one at a time, ` +
          `${outside(r[language])} ms of each verdict went outside the engine (HTTP, the database, the hand-over ` +
          `to the worker). Under load a verdict cost the server ${load.mainCpuMs} ms of CPU on its main thread ` +
          `(at most ${(1000 / Math.max(0.1, load.mainCpuMs)).toFixed(0)}/s from one main thread) and ` +
          `${load.allCpuMs} ms on all its threads (at most ${((os.availableParallelism() * 1000) / Math.max(0.1, load.allCpuMs)).toFixed(0)}/s ` +
          `on ${os.availableParallelism()} cores of its own).`,
      );
    }
    const ratio = r.readsLoops.p99 / Math.max(1, r.readsIdle.p99);
    lines.push(
      `- ${r.db}, reads: p99 ${r.readsLoops.p99} ms while the loops are graded against ${r.readsIdle.p99} ms idle, ` +
        `×${ratio.toFixed(1)} (target ≤ ×${TARGETS.readRatio}: ${meets(ratio <= TARGETS.readRatio)}).`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  console.log(
    `Load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
  // What `npm start` does first: build unless dist/ was built from these sources.
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' });
  const rows: Row[] = [];
  const notes: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-practice-'));
  try {
    rows.push(await benchDatabase('PGlite', { DATA_DIR: dataDir }, { BENCH_PGLITE_DIR: path.join(dataDir, 'pglite') }));
    const postgres = await onThrowawayPostgres(serverUrl, 'devc_bench_practice', notes, (url) =>
      benchDatabase('PostgreSQL', { DATABASE_URL: url }, { BENCH_DATABASE_URL: url }),
    );
    if (postgres) rows.push(postgres);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  console.log(`\nLoad average at end: ${loadAfter.map((l) => l.toFixed(1)).join(' ')}`);

  const submissions = [
    '| db | language | first submission, ms | one at a time: p50 ms (engine) | 20 at once: verdicts/s | p50 ms | ' +
      "p99 ms | engine ms | server CPU ms a verdict: main thread / all | answered 2xx | not 'passed' | 429 | 503 | " +
      'other non-2xx / errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.flatMap((r) =>
      (['javascript', 'python'] as const).map((language) => {
        const { firstMs, serialP50, serialEngineMs, load } = r[language];
        return (
          `| ${r.db} | ${language === 'javascript' ? 'JavaScript' : 'Python'} | ${firstMs.toFixed(0)} | ` +
          `${serialP50} (${serialEngineMs}) | ${load.perSecond.toFixed(0)} | ${load.p50} | ${load.p99} | ` +
          `${load.engineMs} | ${load.mainCpuMs} / ${load.allCpuMs} | ${load.ok} | ${load.unexpected} | ` +
          `${load.tooMany} | ${load.busy} | ${load.otherStatus + load.failed} |`
        );
      }),
    ),
  ].join('\n');
  const readTable = [
    '| db | idle: p50 ms | idle: p99 ms | 20 loops graded: p50 ms | p99 ms | ratio of p99s | read errors | ' +
      'loops answered (timeout) | loops refused 429 / 503 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.readsIdle.p50} | ${r.readsIdle.p99} | ${r.readsLoops.p50} | ${r.readsLoops.p99} | ` +
        `×${(r.readsLoops.p99 / Math.max(1, r.readsIdle.p99)).toFixed(1)} | ` +
        `${r.readsIdle.errors + r.readsLoops.errors} | ${r.loops.timeout + r.loops.otherVerdict} ` +
        `(${r.loops.timeout}) | ${r.loops.tooMany} / ${r.loops.busy} |`,
    ),
  ].join('\n');
  const memory = [
    '| db | ready in, ms | RSS at ready | peak, JavaScript load | peak, Python load | idle, workers warm | ' +
      'peak, 20 loops graded |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.readyMs.toFixed(0)} | ${r.rssReadyMb.toFixed(0)} MB | ${r.javascript.peakMb.toFixed(0)} MB | ` +
        `${r.python.peakMb.toFixed(0)} MB | ${r.rssWarmIdleMb.toFixed(0)} MB | ${r.loopsPeakMb.toFixed(0)} MB |`,
    ),
  ].join('\n');
  const outcome = verdicts(rows);
  console.log(`\n${submissions}\n\n${readTable}\n\n${memory}\n\n${outcome.join('\n')}\n`);

  const cores = os.availableParallelism();
  writeSection(
    'Practice',
    [
      ...measuredOn('`npm run bench:practice` (bench/practice.ts)', loadBefore),
      `This machine is shared with other work and noisy: the load average was ${loadBefore.toFixed(1)} at the start`,
      `and ${loadAfter[0].toFixed(1)} at the end on ${cores} cores, so these figures are a floor, not what the server`,
      'does on a machine of its own; the load generator runs on the same cores as the server.',
      '',
      'Through HTTP, on the compiled server started as `npm start` starts it (`node --enable-source-maps',
      'dist/server/main.js`, request log at info) on a database seeded with the demo content, two bench exercises',
      '(FizzBuzz in JavaScript and in Python: two visible tests, one hidden, 2 s limit) and',
      `${learners} signed-in learners. The grader starts lazily, as in production: the first submission of a language`,
      `starts its workers (on ${cores} cores: ${WORKERS.javascript} QuickJS workers, ${WORKERS.python} Pyodide`,
      'worker; a queue of 64 per language, then 503). The API allows 30 submissions per learner per minute, so each',
      'submission comes from the next learner in turn; 429 and 503 answers are counted apart and not in the',
      `figures. Per language: the first submission alone, then one at a time for ${SERIAL_S} s (the service time),`,
      `then ${CONCURRENCY} learners at once, each submitting again as soon as answered, ${WARMUP_S} s not counted then`,
      `${duration} s measured. Targets: JavaScript ≥ ${TARGETS.javascript.perSecond} verdicts/s and p99 ≤`,
      `${TARGETS.javascript.p99} ms; Python (warm) ≥ ${TARGETS.python.perSecond}/s and p99 ≤ ${TARGETS.python.p99} ms.`,
      '',
      submissions,
      '',
      '*engine ms*: the mean `durationMs` of the answers, the time the engine ran the code and tests in its worker;',
      'the rest of a verdict is waiting for a worker, the QuickJS/Pyodide message round trip, the database (one',
      "statement: the submission, the trim to the latest 20, the kept code, the item's progress) and HTTP. With",
      `${CONCURRENCY} in flight, the mean latency is ${CONCURRENCY} ÷ verdicts/s (Little's law): most of it is queueing.`,
      '*server CPU*: the CPU time (user + system, /proc) the server used in the measured window divided by its verdicts:',
      "its main thread, and all the server process's threads (the QuickJS workers; the Python child processes' own",
      'CPU is not in it). Unlike the rates, these hold on a loaded machine.',
      '',
      `The read endpoints (\`GET /api/course/getCourse\`, \`/api/lession/getLessionList/{course}\`,`,
      '`/api/exercises/{id}`, `/api/practice/lesson/{lesson}`, in turn, anonymous) evenly paced at',
      `${READ_RATE} requests/s from ${READ_CLIENTS} clients (bench/lib/paced-load.ts), ${duration} s after 2 s: idle`,
      `with the workers warm, then while ${CONCURRENCY} learners keep \`${LOOP}\` being graded (each answered`,
      "'timeout' at the 2 s limit, so every QuickJS worker spins and the queue holds the rest). Target: p99 at most",
      `${TARGETS.readRatio} × idle. One pair of runs: on a shared machine the idle p99 itself moves from run to run`,
      '(a few ms of scheduling delay doubles it), so the ratio is noisy.',
      '',
      readTable,
      '',
      "The server's RSS (/proc/<pid>/status VmRSS of the process and of its Python grading processes; the QuickJS workers are threads of it):",
      '',
      memory,
      '',
      ...outcome,
      '',
      'Where the time goes (CPU profiles of the main thread, `BENCH_CPU_PROF=dir`, and the CPU columns above): a',
      "verdict's own database work is one statement (the learner's progress row counts the submission and keeps the",
      'code, the submission takes that count as its number, the older ones beyond 20 are deleted, a first pass is',
      'announced), after the session and the exercise, which are cached; a first pass also asks whether the course',
      'is now complete. On PGlite that statement runs in the main thread (WebAssembly PostgreSQL: six protocol',
      'messages a query, and a file-size lookup per relation on the data directory), which is most of the main',
      "thread's CPU per verdict; on PostgreSQL the main thread does HTTP, the client's protocol and the hand-over to",
      'the worker. Grading threads run at nice 10 (decision 0047), so learner code that spins gives way to the',
      'main thread, which answers the readers. Python runs in child processes (decision 0047): the RSS figures add',
      "the children's.",
      ...(notes.length ? ['', ...notes] : []),
    ].join('\n'),
  );
}

await main();

// `npm run bench:progress`: learning-progress writes (issue 9) from 500 concurrent learners, each connection one
// signed-in learner sending PUT /api/progress/{lessonId} reports of 10 s of watching (the player's cadence), on
// PGlite and on PostgreSQL. Target (issue 9): ≥ 2,000 writes/s and p99 ≤ 25 ms on PostgreSQL. Writes
// docs/performance.md's "Progress writes" section.
//   BENCH_DURATION (s, default 10), BENCH_LEARNERS (default 500),
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; unreachable: the PostgreSQL half is skipped)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { startChildServer } from './lib/child-server';
import { measuredOn, writeSection } from './lib/performance-doc';
import { onThrowawayPostgres } from './lib/postgres-half';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const learners = Number(process.env.BENCH_LEARNERS ?? 500);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Fixture {
  tokens: string[];
  lessons: { id: string; duration: number | null }[];
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}
interface Row {
  db: string;
  /** Closed loop, MAX_CONNECTIONS learners: the most writes/s. */
  max: Run;
  /** `learners` learners paced at `rate` writes/s in all: the latency at that load. */
  paced: Run;
  rate: number;
}
const MAX_CONNECTIONS = 50;
const TARGET_RATE = 2_000;

const summary = (run: Result): Run => ({
  rps: run.requests.average,
  p50: run.latency.p50,
  p99: run.latency.p99,
  requests: run.requests.total,
  errors: run.errors + run.timeouts + run.non2xx,
});

/** One learner per connection; each report is the next 10 s of a lesson the learner is watching. `rate`: the
 *  reports per second of all learners together (paced, so latency is the write's, not a queue's); none: each
 *  connection sends its next report as soon as the last is answered (the most the server can take). */
function writeRun(url: string, fixture: Fixture, seconds: number, connections: number, rate?: number): Promise<Result> {
  const lessons = fixture.lessons.filter((l): l is { id: string; duration: number } => (l.duration ?? 0) > 10);
  let nextLearner = 0;
  const options = {
    url,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'PUT',
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
          // The context lives with the connection: the connection's learner, their lesson and where they are.
          if (context.learner === undefined) {
            context.learner = nextLearner++ % fixture.tokens.length;
            context.lesson = (context.learner as number) % lessons.length;
            context.at = 0;
          }
          const lesson = lessons[context.lesson as number];
          let at = context.at as number;
          if (at + 10 > lesson.duration) {
            context.lesson = ((context.lesson as number) + 1) % lessons.length;
            at = 0;
          }
          const next = lessons[context.lesson as number];
          const end = Math.min(at + 10, next.duration);
          context.at = end;
          return {
            ...request,
            path: `/api/progress/${next.id}`,
            headers: { 'content-type': 'application/json', 'auth-token': fixture.tokens[context.learner as number] },
            body: JSON.stringify({ ranges: [[at, end]], position: end, duration: next.duration }),
          };
        },
      },
    ],
  };
  return autocannon(options as unknown as Options);
}

async function benchDatabase(db: string, env: Record<string, string>, work: string): Promise<Row> {
  console.log(`\n${db}: starting the app and signing in ${learners} learners…`);
  const out = path.join(work, `${db}-fixture.json`);
  const app = await startChildServer(path.join(here, 'lib', 'progress-server.ts'), {
    ...env,
    BENCH_OUT: out,
    BENCH_LEARNERS: String(learners),
  });
  try {
    const fixture = JSON.parse(fs.readFileSync(out, 'utf8')) as Fixture;
    const lesson = fixture.lessons.find((l) => l.duration);
    const probe = await fetch(`${app.url}/api/progress/${lesson?.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'auth-token': fixture.tokens[0] },
      body: JSON.stringify({ ranges: [[0, 1]], position: 1, duration: lesson?.duration }),
    });
    if (probe.status !== 200) throw new Error(`progress probe answered ${probe.status} ${await probe.text()}`);

    await writeRun(app.url, fixture, 2, MAX_CONNECTIONS); // warm-up
    const max = summary(await writeRun(app.url, fixture, duration, MAX_CONNECTIONS));
    console.log(`  most (${MAX_CONNECTIONS} learners, closed loop): ${max.rps.toFixed(0)} writes/s, p99 ${max.p99} ms`);
    // The target rate, or (an embedded database that cannot take it) 80% of the most it took.
    const rate = Math.min(TARGET_RATE, Math.floor(max.rps * 0.8));
    const paced = summary(await writeRun(app.url, fixture, duration, learners, rate));
    console.log(
      `  ${learners} learners at ${rate} writes/s: ${paced.rps.toFixed(0)} writes/s, p50 ${paced.p50} ms, ` +
        `p99 ${paced.p99} ms, ${paced.requests} writes, ${paced.errors} errors`,
    );
    return { db, max, paced, rate };
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-progress-'));
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    rows.push(await benchDatabase('PGlite', { BENCH_PGLITE_DIR: path.join(work, 'pglite') }, work));
    const postgres = await onThrowawayPostgres(serverUrl, 'devc_bench_progress', notes, (url) =>
      benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url }, work),
    );
    if (postgres) rows.push(postgres);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const pg = rows.find((r) => r.db === 'PostgreSQL');
  const meets = pg !== undefined && pg.max.rps >= TARGET_RATE && pg.rate === TARGET_RATE && pg.paced.p99 <= 25;
  const verdict = pg
    ? `PostgreSQL: ${pg.max.rps.toFixed(0)} writes/s at most (target ≥ 2,000); p99 ${pg.paced.p99} ms for ${learners} ` +
      `learners at ${pg.rate} writes/s (target ≤ 25 ms at 2,000): ${meets ? 'meets the target' : 'misses the target'}.`
    : 'PostgreSQL was not measured.';
  const table = [
    `| db | most writes/s (${MAX_CONNECTIONS} learners) | p99 ms there | ${learners} learners paced at, writes/s | writes/s done | p50 ms | p99 ms | writes | errors |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.max.rps.toFixed(0)} | ${r.max.p99} | ${r.rate} | ${r.paced.rps.toFixed(0)} | ${r.paced.p50} | ` +
        `${r.paced.p99} | ${r.paced.requests} | ${r.max.errors + r.paced.errors} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n\n${verdict}\n`);

  const section = [
    ...measuredOn('`npm run bench:progress` (bench/progress-writes.ts)', loadBefore),
    'autocannon, each connection one signed-in learner sending `PUT /api/progress/{lessonId}` with the next 10 s of a',
    'demo lesson (a range, the position, the duration), moving to the next lesson at the end of one. Two runs of',
    `${duration} s after a 2 s warm-up: the most writes/s (${MAX_CONNECTIONS} learners, each sending its next report`,
    `as soon as the last is answered), then ${learners} learners paced at 2,000 writes/s in all (or 80% of the first`,
    "run's figure when that is less), whose p99 is a write's own latency rather than a queue's (500 closed-loop",
    'connections would measure 500 ÷ throughput of queueing). The app runs as `npm start` does (helmet, request',
    'logging at info) in a child process, with the per-learner write limit raised; the load generator shares the',
    'same cores.',
    '',
    'A write is one statement: an upsert that unites the ranges (`nummultirange` +) and recomputes the watched seconds',
    "and the 90% rule in the same statement. The session comes from the current-user plugin's 5 s session cache",
    '(decision 0018; before it, each write also looked its session up: 1,598 writes/s at most on 2026-11-24 06:49),',
    "and the lesson (its course's status and its duration) from the in-process read cache. Target (issue 9): ≥ 2,000",
    'writes/s and p99 ≤ 25 ms on PostgreSQL.',
    '',
    'Where the time goes (measured once in-process on PostgreSQL, 10 at a time, no HTTP, on a busy machine): the',
    'progress upsert alone ≈ 2,200-3,400/s, `select 1` ≈ 10,700/s. On two cores shared by the database, the app and',
    "the load generator, the paced run at 2,000 writes/s is at the write path's ceiling, so it queues: its p99 is",
    "the queue's, far above 25 ms.",
    '',
    table,
    '',
    verdict,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  writeSection('Progress writes', section);
}

await main();

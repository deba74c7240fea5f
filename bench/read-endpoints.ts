// `npm run bench`: requests per second and p99 latency of the read endpoints (course list, lesson page, blog
// list, and the first two and the lesson page's progress read as a signed-in learner) on PGlite and on PostgreSQL,
// each against a bare Fastify server answering the same JSON from memory in the same run (targets: ratio ≥ 0.8, p99
// ≤ 10 ms at 50 connections). The app is the compiled server as `npm start` runs it (built first if its sources
// changed); the bare server is compiled too. Writes docs/performance.md's "Read endpoints" section.
//   BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50),
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; unreachable: the PostgreSQL half is skipped)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './lib/child-server';
import { startCompiledApp } from './lib/compiled-app';
import { demoItems } from './lib/demo-items';
import { measureRounds } from './lib/measure-pair';
import { measuredOn, writeSection } from './lib/performance-doc';
import { onThrowawayPostgres } from './lib/postgres-half';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = 5;
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 10;

interface Row {
  endpoint: string;
  db: string;
  rps: number;
  p99: number;
  bareRps: number;
  bareP99: number;
  ratio: number;
  /** Bare Fastify with the app's security headers and request log line: what every answer must do. */
  floorRps: number;
  /** Server CPU per request (µs): the app, bare Fastify, the floor. */
  cpu: [number, number, number];
  errors: number;
}

interface Endpoint {
  name: string;
  path: string;
  /** A signed-in learner's token (the ratio must not fall for them either). */
  headers?: Record<string, string>;
}

/** The paths to measure: the course list, the first lesson of the first course that has one, the blog list; then,
 *  as a signed-in learner, the course list, that lesson and the learner's progress in its course (the lesson page's
 *  own private read). */
async function endpoints(appUrl: string, token: string): Promise<Endpoint[]> {
  const { courseId, lessonId } = await demoItems(appUrl);
  const lessonPath = `/api/lession/getLession/${courseId}/${lessonId}`;
  const signedIn = { 'auth-token': token };
  return [
    { name: 'GET /api/course/getCourse', path: '/api/course/getCourse' },
    { name: 'GET /api/lession/getLession/{c}/{l}', path: lessonPath },
    { name: 'GET /api/blog/getBlog', path: '/api/blog/getBlog' },
    { name: 'GET /api/course/getCourse, signed in', path: '/api/course/getCourse', headers: signedIn },
    { name: 'GET /api/lession/getLession/{c}/{l}, signed in', path: lessonPath, headers: signedIn },
    { name: 'GET /api/progress/course/{c}, signed in', path: `/api/progress/course/${courseId}`, headers: signedIn },
  ];
}

async function benchDatabase(db: string, databaseUrl: string | undefined, work: string): Promise<Row[]> {
  const started: { stop(): Promise<void> }[] = [];
  try {
    console.log(`\n${db}: starting the compiled app (seeding the demo content)…`);
    const tokenFile = path.join(work, `token-${db}`);
    const app = await startCompiledApp({
      dataDir: path.join(work, `app-${db}`),
      databaseUrl,
      prepare: { BENCH_TOKEN_FILE: tokenFile },
    });
    started.push(app);
    const paths = await endpoints(app.url, fs.readFileSync(tokenFile, 'utf8'));

    // The bare server answers each path with the app's body (a signed-in learner reads the same catalogue).
    const bodies: Record<string, string> = {};
    for (const { path: p, headers } of paths) {
      const res = await fetch(app.url + p, { headers });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      const body = await res.text();
      if (bodies[p] !== undefined && bodies[p] !== body) throw new Error(`${p} answers a signed-in learner otherwise`);
      bodies[p] = body;
    }
    const bodiesFile = path.join(work, `bodies-${db}.json`);
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    // Compiled and run by plain Node, like the app they are measured against.
    const bareServer = path.join(here, 'lib', 'bare-server.ts');
    const bare = await startChildServer(bareServer, { BENCH_BODIES: bodiesFile }, { compiled: true });
    started.push(bare);
    const floor = await startChildServer(
      bareServer,
      { BENCH_BODIES: bodiesFile, BENCH_FLOOR: '1' },
      { compiled: true },
    );
    started.push(floor);
    for (const yardstick of [bare, floor]) {
      const answers = await Promise.all(paths.map(async ({ path: p }) => (await fetch(yardstick.url + p)).text()));
      if (answers.some((b, i) => b !== bodies[paths[i].path])) throw new Error('A bare server answers other bodies');
    }

    const rows: Row[] = [];
    for (const { name, path: p, headers } of paths) {
      process.stdout.write(`  ${name}: `);
      const [real, base, least] = await measureRounds([app.url + p, bare.url + p, floor.url + p], {
        duration,
        connections,
        rounds: ROUNDS,
        headers,
        pids: [app.pid, bare.pid, floor.pid],
      });
      const cpu = [real, base, least].map((m) => m.cpuUs ?? Number.NaN) as Row['cpu'];
      console.log(
        `app ${Math.round(real.rps)} req/s (p99 ${real.p99} ms), bare ${Math.round(base.rps)}, floor ${Math.round(least.rps)}; server CPU µs/request ${cpu.map((us) => us.toFixed(1)).join(', ')}`,
      );
      rows.push({
        endpoint: name,
        db,
        rps: real.rps,
        p99: real.p99,
        bareRps: base.rps,
        bareP99: base.p99,
        ratio: real.rps / base.rps,
        floorRps: least.rps,
        cpu,
        errors: real.errors + base.errors + least.errors,
      });
    }
    return rows;
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
}

function table(rows: Row[]): string {
  const head =
    '| endpoint | db | req/s | p99 ms | bare req/s | ratio | floor req/s | floor ÷ bare | app ÷ floor | CPU µs/req app, bare, floor | verdict |';
  const rule = '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  const lines = rows.map((r) => {
    const ok = r.ratio >= TARGET_RATIO && r.p99 <= TARGET_P99_MS && r.errors === 0;
    const verdict = ok ? 'meets' : `MISSES${r.errors ? ` (${r.errors} errors)` : ''}`;
    return `| ${r.endpoint} | ${r.db} | ${Math.round(r.rps)} | ${r.p99} | ${Math.round(r.bareRps)} | ${r.ratio.toFixed(2)} | ${Math.round(r.floorRps)} | ${(r.floorRps / r.bareRps).toFixed(2)} | ${(r.rps / r.floorRps).toFixed(2)} | ${r.cpu.map((us) => us.toFixed(1)).join(', ')} | ${verdict} |`;
  });
  return [head, rule, ...lines].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-'));
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    rows.push(...(await benchDatabase('PGlite', undefined, work)));

    const postgres = await onThrowawayPostgres(serverUrl, 'devc_bench', notes, (url) =>
      benchDatabase('PostgreSQL', url, work),
    );
    rows.push(...(postgres ?? []));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const result = table(rows);
  console.log(`\n${result}\n`);
  console.log(`Targets: ratio ≥ ${TARGET_RATIO}, p99 ≤ ${TARGET_P99_MS} ms.`);

  const section = [
    ...measuredOn('`npm run bench` (bench/read-endpoints.ts)', loadBefore),
    `autocannon: ${connections} connections, ${duration} s per endpoint and server after a 2 s warm-up, in ${ROUNDS}`,
    'alternating rounds (app, bare, floor, then floor, bare, app, …) so load from elsewhere hits all alike; load generator in this',
    'process, the app and the bare server each in a child process (all on the same cores). The app is the compiled',
    'server started as `npm start` starts it, from its second start (security headers, request log at info, demo',
    'content); the bare server is Fastify with one route per path sending the same JSON string from memory, no',
    'logger, compiled the same way and run by plain Node. The floor is that server doing only what',
    "every answer of the app must do, with the app's own code: its security headers and its one request log line at",
    'info. No compression (autocannon sends no',
    'Accept-Encoding). Rows marked "signed in" send a learner\'s `auth-token` (their session is looked up on every',
    "request, and the lesson page's own private read, the learner's progress in the course, is measured beside them);",
    'the ratio must not fall for them.',
    "CPU µs/req: each server process's CPU time (user and system, from /proc) over the requests it answered in its",
    'rounds: what the server itself spends on a request, which the load generator and load from elsewhere sway far',
    'less than req/s (a tick is 10 ms, so it is exact to within about 1 %).',
    '',
    `Targets: ratio (app req/s ÷ bare req/s) ≥ ${TARGET_RATIO}, app p99 ≤ ${TARGET_P99_MS} ms.`,
    '',
    result,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  writeSection('Read endpoints', section);
}

await main();

// `npm run bench:soak`: 200 connections of mixed signed-in reads and writes for 60 s (bench/lib/soak-load.ts: 60%
// catalogue and own-bug reads, 25% comment reads, 15% comment and bug writes, each as one of 1,000 users) against the
// real app in a child process, on PGlite and on PostgreSQL. The load generator runs as its own process under
// `nice -n 10`, so on a shared machine it yields the CPU to the server. A request unanswered after 10 s is a
// timeout. Writes docs/performance.md's "Soak" section.
//   BENCH_DURATION (s, default 60), BENCH_CONNECTIONS (default 200),
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; unreachable: the PostgreSQL half is skipped)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { startChildServer } from './lib/child-server';
import { measuredOn, writeSection } from './lib/performance-doc';
import { onThrowawayPostgres } from './lib/postgres-half';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  db: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function runLoad(url: string, tokensFile: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'nice',
      ['-n', '10', process.execPath, '--import', 'tsx', path.join(here, 'lib', 'soak-load.ts')],
      {
        env: {
          ...process.env,
          BENCH_URL: url,
          BENCH_TOKENS_FILE: tokensFile,
          BENCH_CONNECTIONS: String(connections),
          BENCH_DURATION: String(duration),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Result);
    });
  });
}

async function benchDatabase(db: string, env: Record<string, string>, work: string): Promise<Row> {
  console.log(`\n${db}: starting the app…`);
  const tokensFile = path.join(work, `tokens-${db}.json`);
  const app = await startChildServer(path.join(here, 'lib', 'soak-server.ts'), {
    ...env,
    BENCH_TOKENS_FILE: tokensFile,
  });
  try {
    console.log(`  ${connections} connections for ${duration} s…`);
    const r = await runLoad(app.url, tokensFile);
    const row: Row = {
      db,
      requests: r.requests.total,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
    };
    console.log(
      `  ${row.requests} requests, ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, ` +
        `${row.errors} errors, ${row.timeouts} timeouts, ${row.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}`,
    );
    return row;
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-soak-'));
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    rows.push(await benchDatabase('PGlite', { BENCH_PGLITE_DIR: path.join(work, 'pglite') }, work));
    const postgres = await onThrowawayPostgres(serverUrl, 'devc_bench_soak', notes, (url) =>
      benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url }, work),
    );
    if (postgres) rows.push(postgres);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const table = [
    '| db | requests | req/s | p50 ms | p99 ms | max ms | errors | timeouts (> 10 s) | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  writeSection(
    'Soak',
    [
      ...measuredOn('`npm run bench:soak` (bench/soak.ts)', loadBefore),
      `${connections} connections for ${duration} s of mixed signed-in requests (60% catalogue and own-bug reads, 25%`,
      'comment reads, 15% comment and bug writes) as 1,000 users, against the app in a child process (logging at info,',
      'as `npm start`); the load generator is a separate process under `nice -n 10` on the same two cores. The target',
      'is 0 errors and 0 timeouts.',
      '',
      table,
      ...(notes.length ? ['', ...notes] : []),
      '',
      'Timeouts on PGlite, and their fix (docs/decisions/0022): libuv accepts one connection per turn of the event loop, and',
      "with PGlite each request's statements run inside the turn that read it, so under this load a turn took 100–450 ms",
      '(strace: one accept4 per epoll_pwait) and new connections waited in the accept queue for up to 10 s (130–474',
      'timeouts a run, max 9.8–10 s). Since requests take turns with I/O (10 ms of requests per turn, the rest in the',
      'next), the accept queue stays empty and no request times out; p50 rises because nobody overtakes the queue.',
    ].join('\n'),
  );
}

await main();

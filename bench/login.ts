// `npm run bench:login`: login latency and throughput under 20 concurrent logins (autocannon) against the real app
// in a child process, on PGlite and on PostgreSQL. Each login checks an argon2id hash (19 MiB, 2 passes), which
// dominates its cost. Writes docs/performance.md's "Login" section.
//   BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 20),
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
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 20;
const PASSWORD = 'bench-password';

interface Row {
  db: string;
  single: { p50: number; p99: number; rps: number };
  loaded: { p50: number; p99: number; rps: number; errors: number; requests: number };
  /** 1 connection, answers 401: the timing a guesser sees for an existing vs an unknown email. */
  wrongPassword: { p50: number; p99: number };
  unknownEmail: { p50: number; p99: number };
}

/** POST loginUser for users bench-0 … bench-19 in turn, every answer checked by the status (non-2xx counted). */
function loginRun(
  url: string,
  conns: number,
  seconds: number,
  kind: 'ok' | 'wrong-password' | 'unknown-email' = 'ok',
): Promise<Result> {
  let next = 0;
  const email = (i: number) =>
    kind === 'unknown-email' ? `nobody-${i}@example.test` : `bench-${i % USERS}@example.test`;
  const password = kind === 'wrong-password' ? 'not-the-password' : PASSWORD;
  const options = {
    url: `${url}/api/auth/loginUser`,
    connections: conns,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify({ email: email(next++), password }),
        }),
      },
    ],
  };
  return autocannon(options as unknown as Options);
}

async function benchDatabase(db: string, env: Record<string, string>): Promise<Row> {
  console.log(`\n${db}: starting the app…`);
  const app = await startChildServer(path.join(here, 'lib', 'login-server.ts'), {
    ...env,
    BENCH_USERS: String(USERS),
    BENCH_PASSWORD: PASSWORD,
  });
  try {
    const probe = await fetch(`${app.url}/api/auth/loginUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-0@example.test', password: PASSWORD }),
    });
    const body = (await probe.json()) as { success?: boolean };
    if (probe.status !== 200 || body.success !== true)
      throw new Error(`login probe answered ${probe.status} ${JSON.stringify(body)}`);

    await loginRun(app.url, connections, 2); // warm-up
    const single = await loginRun(app.url, 1, Math.max(3, duration / 2));
    const loaded = await loginRun(app.url, connections, duration);
    const wrong = await loginRun(app.url, 1, 3, 'wrong-password');
    const unknown = await loginRun(app.url, 1, 3, 'unknown-email');
    if (wrong.non2xx !== wrong.requests.total || unknown.non2xx !== unknown.requests.total)
      throw new Error('a failed login was let in');
    const row: Row = {
      db,
      single: { p50: single.latency.p50, p99: single.latency.p99, rps: single.requests.average },
      loaded: {
        p50: loaded.latency.p50,
        p99: loaded.latency.p99,
        rps: loaded.requests.average,
        errors: loaded.errors + loaded.timeouts + loaded.non2xx,
        requests: loaded.requests.total,
      },
      wrongPassword: { p50: wrong.latency.p50, p99: wrong.latency.p99 },
      unknownEmail: { p50: unknown.latency.p50, p99: unknown.latency.p99 },
    };
    console.log(
      `  1 connection: p50 ${row.single.p50} ms, p99 ${row.single.p99} ms, ${row.single.rps.toFixed(1)} req/s\n` +
        `  ${connections} connections: p50 ${row.loaded.p50} ms, p99 ${row.loaded.p99} ms, ${row.loaded.rps.toFixed(1)} req/s, ` +
        `${row.loaded.requests} logins, ${row.loaded.errors} errors\n` +
        `  refused (1 connection): wrong password p50 ${row.wrongPassword.p50} ms, unknown email p50 ${row.unknownEmail.p50} ms`,
    );
    return row;
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-login-'));
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    rows.push(await benchDatabase('PGlite', { BENCH_PGLITE_DIR: path.join(work, 'pglite') }));
    const postgres = await onThrowawayPostgres(serverUrl, 'devc_bench_login', notes, (url) =>
      benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url }),
    );
    if (postgres) rows.push(postgres);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const table = [
    `| db | ${connections} connections: p50 ms | p99 ms | logins/s | errors | 1 connection: p50 ms | p99 ms | logins/s | wrong password p50 / p99 ms | unknown email p50 / p99 ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.loaded.p50} | ${r.loaded.p99} | ${r.loaded.rps.toFixed(1)} | ${r.loaded.errors} | ${r.single.p50} | ${r.single.p99} | ${r.single.rps.toFixed(1)} | ` +
        `${r.wrongPassword.p50} / ${r.wrongPassword.p99} | ${r.unknownEmail.p50} / ${r.unknownEmail.p99} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);

  const section = [
    ...measuredOn('`npm run bench:login` (bench/login.ts)', loadBefore),
    `autocannon: ${connections} connections for ${duration} s after a 2 s warm-up, then (for the cost of one login alone)`,
    `1 connection; POST /api/auth/loginUser for ${USERS} verified users in turn, each answer a new session (200,`,
    '`success: true`). The app runs as `npm start` does (helmet, request logging at info) in a child process, with',
    'the login rate limits raised (every request comes from one IP); the load generator shares the same cores.',
    '',
    'Each login verifies an argon2id hash (OWASP parameters: 19 MiB, 2 passes, 1 lane; @node-rs/argon2 on the libuv',
    'thread pool) and writes a session row. The hash dominates: throughput is bounded by cores ÷ hash time, and under',
    `${connections} concurrent logins the latency is mostly queueing for those cores. A wrong password costs the same`,
    '(an unknown email is checked against a dummy hash: the last two columns, 3 s each at 1 connection), so a guesser',
    'gains no timing signal and is held back by the per-email and per-IP limits',
    '(docs/decisions/0002-accounts-tokens-and-email.md).',
    '',
    table,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  writeSection('Login', section);
}

await main();

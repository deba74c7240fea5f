// `npm run bench:enumeration`: can the timing of sign-up or forgot-password tell whether an email has an account?
// For each call, BENCH_REQUESTS (default 240) requests with emails that have an account and as many with emails that
// do not, in one shuffled order, one at a time, against the real app in a child process (rate limits raised: every
// request comes from one IP), on PGlite and on PostgreSQL, BENCH_GAP_MS (default 120) apart, so each request meets
// an idle server (back to back, each answer would be slowed by the work the previous request deferred, whose kind is
// independent of its own: noise, not signal). Sign-up stores the account before it answers, so its time is mostly the
// argon2 hash, which both kinds pay; forgot-password defers its work past the answer. Reports the medians and the share of known-email requests slower than
// the unknown-email median (target: medians within 10%, share ≤ 60%; 50% is indistinguishable).
// Writes docs/performance.md's "Account discovery by timing" section.
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; unreachable: the PostgreSQL half is skipped)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './lib/child-server';
import { measuredOn, writeSection } from './lib/performance-doc';
import { onThrowawayPostgres } from './lib/postgres-half';

const here = path.dirname(fileURLToPath(import.meta.url));
const perKind = Number(process.env.BENCH_REQUESTS ?? 240);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 20;
const gapMs = Number(process.env.BENCH_GAP_MS ?? 120);
const pause = () => new Promise((resolve) => setTimeout(resolve, gapMs));

type Call = 'sign-up' | 'forgot-password';
interface Row {
  db: string;
  call: Call;
  knownMs: number;
  unknownMs: number;
  /** Share of known-email requests slower than the unknown-email median. */
  knownAbove: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBytes(4).readUInt32LE() % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function timed(url: string, path: string, body: object): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

function request(call: Call, known: boolean, i: number): [string, object] {
  const email = known ? `bench-${i % USERS}@example.test` : `nobody-${randomBytes(6).toString('hex')}@example.test`;
  return call === 'sign-up'
    ? ['/api/auth/createUser', { name: 'Someone Curious', email, password: 'guessing-pass' }]
    : ['/api/auth/forgot', { email }];
}

async function benchDatabase(db: string, env: Record<string, string>): Promise<Row[]> {
  console.log(`\n${db}: starting the app…`);
  const app = await startChildServer(path.join(here, 'lib', 'login-server.ts'), {
    ...env,
    BENCH_USERS: String(USERS),
    LOG_LEVEL: 'warn',
  });
  const rows: Row[] = [];
  try {
    for (const call of ['sign-up', 'forgot-password'] as const) {
      // Warm-up: the code paths of both kinds run before anything is measured.
      for (let i = 0; i < 20; i++) await timed(app.url, ...request(call, i % 2 === 0, i));
      const order = shuffled([...Array<boolean>(perKind).fill(true), ...Array<boolean>(perKind).fill(false)]);
      const times = { known: [] as number[], unknown: [] as number[] };
      for (const [i, known] of order.entries()) {
        await pause();
        times[known ? 'known' : 'unknown'].push(await timed(app.url, ...request(call, known, i)));
      }
      const unknownMs = median(times.unknown);
      const row: Row = {
        db,
        call,
        knownMs: median(times.known),
        unknownMs,
        knownAbove: times.known.filter((ms) => ms > unknownMs).length / times.known.length,
      };
      console.log(
        `  ${call}: known p50 ${row.knownMs.toFixed(2)} ms, unknown p50 ${row.unknownMs.toFixed(2)} ms, ` +
          `${(row.knownAbove * 100).toFixed(0)}% of known above the unknown median`,
      );
      rows.push(row);
    }
  } finally {
    await app.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'devc-bench-enum-'));
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    rows.push(...(await benchDatabase('PGlite', { BENCH_PGLITE_DIR: path.join(work, 'pglite') })));
    const postgres = await onThrowawayPostgres(serverUrl, 'devc_bench_enum', notes, (url) =>
      benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url }),
    );
    if (postgres) rows.push(...postgres);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const verdict = (r: Row) => {
    const gap = Math.abs(r.knownMs - r.unknownMs) / r.unknownMs;
    return gap <= 0.1 && r.knownAbove <= 0.6 ? 'met' : 'missed';
  };
  const table = [
    '| db | call | known email p50 (ms) | unknown email p50 (ms) | difference | known above unknown p50 | target |',
    '|---|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.call} | ${r.knownMs.toFixed(2)} | ${r.unknownMs.toFixed(2)} | ` +
        `${(((r.knownMs - r.unknownMs) / r.unknownMs) * 100).toFixed(1)}% | ${(r.knownAbove * 100).toFixed(0)}% | ${verdict(r)} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  writeSection(
    'Account discovery by timing',
    [
      ...measuredOn('`npm run bench:enumeration` (bench/enumeration.ts)', loadBefore),
      `${perKind} requests with emails that have an account and ${perKind} with emails that do not, shuffled, one at a`,
      `time, ${gapMs} ms apart; the app in a child process with the auth rate limits raised. Targets: medians within 10%, at`,
      'most 60% of known-email requests slower than the unknown-email median. Before the fix, forgot-password took',
      '4.1 ms for a known email and 2.2 ms for an unknown one (every known request above the unknown median), and',
      'sign-up answered 409 for a known email. Sign-up now stores the account before it answers (a login right after',
      'the answer finds it): both kinds hash the password (argon2id), run one insert into users (a no-op for a known',
      'email), one more statement and one mail row, so its time is mostly the hash.',
      '',
      table,
      ...(notes.length ? ['', ...notes] : []),
    ].join('\n'),
  );
}

await main();

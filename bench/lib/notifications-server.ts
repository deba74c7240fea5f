// Child process for bench/notifications.ts: the real app on the database named by BENCH_DATABASE_URL or
// BENCH_PGLITE_DIR, with a bug watched by BENCH_WATCHERS people, BENCH_STREAMS of whom have a live session, and a
// solver. Writes the tokens and the bug's id to BENCH_FIXTURE_FILE (JSON) before it listens.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { hashToken, newToken } from '../../src/server/lib/tokens';
import { createBug, createUser } from '../../src/server/test/factories';
import { listenAndReport } from './child-server';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
if (!url && !dir) throw new Error('set BENCH_DATABASE_URL or BENCH_PGLITE_DIR');
const watchers = Number(process.env.BENCH_WATCHERS ?? 10_000);
const streams = Number(process.env.BENCH_STREAMS ?? 1_000);

process.env.NODE_ENV ??= 'production';
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase(url ? { url } : { dataDir: dir as string });
const { db } = database;
const asker = await createUser(db, { name: 'Bench Asker' });
const solver = await createUser(db, { name: 'Bench Solver' });
const bug = await createBug(db, { userId: asker.id, title: 'A bug many people watch' });
await db.execute(sql`
  insert into users (name, email, password_hash, verified_at)
  select 'Watcher ' || i, 'watcher-' || i || '@bench.test', 'not-a-real-hash', now()
  from generate_series(1, ${watchers}) as i`);
await db.execute(sql`
  insert into bug_watches (user_id, bug_id)
  select id, ${bug.id}::uuid from users where email like 'watcher-%@bench.test'`);
const ids = (await db.execute(
  sql`select id from users where email like 'watcher-%@bench.test' order by email limit ${streams}`,
)) as { rows: { id: string }[] };
const tokens = ids.rows.map(() => newToken());
for (let i = 0; i < tokens.length; i += 500) {
  const values = ids.rows
    .slice(i, i + 500)
    .map((row, j) => sql`(${row.id}::uuid, ${hashToken(tokens[i + j])}, now() + interval '1 day')`);
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values ${sql.join(values, sql`, `)}`);
}
fs.writeFileSync(
  process.env.BENCH_FIXTURE_FILE as string,
  JSON.stringify({ bugId: bug.id, asker: asker.token, solver: solver.token, streams: tokens }),
);
const app = await buildApp({ config, database, notifications: { mailPollMs: 0 }, outbox: { pollMs: 0 } });
await listenAndReport(app, database);

// Child process: the real app (buildApp) on the database named by BENCH_DATABASE_URL or BENCH_PGLITE_DIR, with
// the demo content seeded, logging as `npm start` does (LOG_LEVEL, default info). BENCH_WEB_DIR: serve that built web
// app too, with its server-rendering entry beside it (dist/ssr), as `npm start` does. BENCH_TOKEN_FILE: a verified
// learner with a live session is created too, and its token written there (reads as a signed-in learner).
// BENCH_ADMIN_TOKEN_FILE: likewise an admin's (Studio calls). BENCH_PREPARE_ONLY=1: the database made and filled, and
// the tokens written, for the compiled server to open (lib/compiled-app.ts); nothing listens.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { buildApp } from '../../src/server/app';
import { appLoggerOptions } from '../../src/server/lib/request-logger';
import { loadConfig } from '../../src/server/config';
import { openDatabase, pgliteDataDirExists } from '../../src/server/db/client';
import * as demoContent from '../../src/server/db/seed/content';
import { seedDemoContent } from '../../src/server/db/seed/seed';
import { createUser } from '../../src/server/test/factories';
import { listenAndReport } from './child-server';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
if (!url && !dir) throw new Error('set BENCH_DATABASE_URL or BENCH_PGLITE_DIR');

// A site's PGlite database is made by its first start and opened by every later one, and the process that makes it
// loads the trigram extension an early migration needs, which slows Node's own code in that process for good
// (docs/decisions/0064). The benches measure the server as it runs from its second start on: a child process makes
// and migrates the database, and this one opens it.
if (dir && !pgliteDataDirExists(dir)) {
  if (process.env.BENCH_MAKE_DATABASE === '1') {
    await (await openDatabase({ dataDir: dir })).close();
    process.exit(0);
  }
  const maker = fork(process.argv[1], [], {
    env: { ...process.env, BENCH_MAKE_DATABASE: '1' },
    execArgv: process.execArgv,
  });
  const code = await new Promise<number | null>((resolve) => maker.once('exit', resolve));
  if (code !== 0) throw new Error(`making the database in ${dir} failed (exit code ${code})`);
}

const config = {
  ...loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }),
  webDir: process.env.BENCH_WEB_DIR,
};
// As src/server/main.ts: React's production server build.
process.env.NODE_ENV ??= 'production';
const database = await openDatabase(url ? { url } : { dataDir: dir as string });
await seedDemoContent(database.db, demoContent);
if (process.env.BENCH_TOKEN_FILE) {
  const learner = await createUser(database.db, { name: 'Bench Learner' });
  fs.writeFileSync(process.env.BENCH_TOKEN_FILE, learner.token);
}
if (process.env.BENCH_ADMIN_TOKEN_FILE) {
  const admin = await createUser(database.db, { name: 'Bench Admin', role: 'admin' });
  fs.writeFileSync(process.env.BENCH_ADMIN_TOKEN_FILE, admin.token);
}
if (process.env.BENCH_PREPARE_ONLY === '1') {
  await database.close();
  process.exit(0);
}
const app = await buildApp({
  config,
  database,
  logger: appLoggerOptions(config.logLevel),
});
await listenAndReport(app, database);

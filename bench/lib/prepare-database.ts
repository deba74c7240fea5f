// Child process, run before a bench starts the compiled server (lib/compiled-app.ts): makes and migrates the database
// named by BENCH_DATABASE_URL or BENCH_PGLITE_DIR, seeds the demo content, and writes the tokens asked for:
// BENCH_TOKEN_FILE, a verified learner's live session (reads as a signed-in learner); BENCH_ADMIN_TOKEN_FILE, an
// admin's (Studio calls). It then exits, so the server opens the database as a site does from its second start on: the
// process that makes a PGlite database loads the trigram extension an early migration needs, which slows Node's own
// code in that process for good (docs/decisions/0064).
import fs from 'node:fs';
import { openDatabase } from '../../src/server/db/client';
import * as demoContent from '../../src/server/db/seed/content';
import { seedDemoContent } from '../../src/server/db/seed/seed';
import { createUser } from '../../src/server/test/factories';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
if (!url && !dir) throw new Error('set BENCH_DATABASE_URL or BENCH_PGLITE_DIR');

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
await database.close();

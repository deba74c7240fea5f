// Child process for bench/certificates.ts: the real app on PGlite in BENCH_PGLITE_DIR with the demo content and the
// built web app (BENCH_WEB_DIR), and BENCH_CERTIFICATES learners who each completed the first demo course (its
// lessons and its practice), so each holds a certificate; their codes are written to BENCH_CODES_FILE, one a line.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { appLoggerOptions } from '../../src/server/lib/request-logger';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import * as demoContent from '../../src/server/db/seed/content';
import { seedDemoContent } from '../../src/server/db/seed/seed';
import { issueIfComplete } from '../../src/server/modules/certificates';
import { createUser } from '../../src/server/test/factories';
import { listenAndReport } from './child-server';

const dir = process.env.BENCH_PGLITE_DIR;
const codesFile = process.env.BENCH_CODES_FILE;
if (!dir || !codesFile) throw new Error('set BENCH_PGLITE_DIR and BENCH_CODES_FILE');
const count = Number(process.env.BENCH_CERTIFICATES ?? 100);

const config = {
  ...loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }),
  webDir: process.env.BENCH_WEB_DIR,
};
process.env.NODE_ENV ??= 'production';
const database = await openDatabase({ dataDir: dir });
await seedDemoContent(database.db, demoContent);
const { rows } = (await database.db.execute(
  sql`select c.id from courses c where c.status = 'published' and exists (select 1 from lessons l where l.course_id = c.id)
      order by c.position limit 1`,
)) as { rows: { id: string }[] };
const courseId = rows[0].id;
const codes: string[] = [];
const scripts = ['Zoë Dvořák', 'Анна Каренина', 'Ελένη Παπαδοπούλου', 'Jean-Luc Lefèvre'];
for (let i = 0; i < count; i++) {
  const learner = await createUser(database.db, { name: `${scripts[i % scripts.length]} ${i}` });
  await database.db.execute(
    sql`insert into lesson_progress (user_id, lesson_id, watched, completed)
        select ${learner.id}, l.id, coalesce(l.duration, 60), true from lessons l where l.course_id = ${courseId}`,
  );
  // A course is complete with its practice too: every exercise and quiz of its lessons passed.
  await database.db.execute(
    sql`insert into practice_progress (user_id, item_id, passed_at)
        select ${learner.id}, p.id, now() from practice_items p join lessons l on l.id = p.lesson_id
        where l.course_id = ${courseId}`,
  );
  const code = await issueIfComplete(database.db, learner.id, courseId);
  if (!code) throw new Error('no certificate was issued');
  codes.push(code);
}
fs.writeFileSync(codesFile, codes.join('\n'));
// Files kept in memory: fewer than the codes measured cold, so "cold" is always a file never made before.
const app = await buildApp({
  config,
  database,
  logger: appLoggerOptions(config.logLevel),
  certificates: { filesKept: 200 },
});
await listenAndReport(app, database);

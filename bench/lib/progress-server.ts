// Child process for bench/progress-writes.ts: the real app (buildApp) on the database named by BENCH_DATABASE_URL
// or BENCH_PGLITE_DIR, with the demo content seeded (lesson durations read from the clips) and BENCH_LEARNERS
// signed-in learners; their tokens and the lessons (id, duration) are written as JSON to BENCH_OUT. The per-learner
// progress write limit is raised: the bench makes each learner report far more often than a player would.
// BENCH_THIRD_PARTY_LESSON=1 adds a lesson with a YouTube link (its duration unknown) to the first course.
import fs from 'node:fs';
import { buildApp } from '../../src/server/app';
import { appLoggerOptions } from '../../src/server/lib/request-logger';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { lessons } from '../../src/server/db/schema';
import * as demoContent from '../../src/server/db/seed/content';
import { seedDemoContent } from '../../src/server/db/seed/seed';
import { durationOfLink } from '../../src/server/modules/media';
import { PATHS } from '../../src/server/paths';
import { createUser } from '../../src/server/test/factories';
import { listenAndReport } from './child-server';

const url = process.env.BENCH_DATABASE_URL;
const dir = process.env.BENCH_PGLITE_DIR;
const out = process.env.BENCH_OUT;
if (!(url || dir) || !out) throw new Error('set BENCH_OUT and BENCH_DATABASE_URL or BENCH_PGLITE_DIR');
const learners = Number(process.env.BENCH_LEARNERS ?? 500);

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const database = await openDatabase(url ? { url } : { dataDir: dir as string });
await seedDemoContent(database.db, demoContent, {
  durationOf: (link) => durationOfLink(link, { publicDir: PATHS.publicDir }),
});
if (process.env.BENCH_THIRD_PARTY_LESSON === '1') {
  const [first] = await database.db.select({ courseId: lessons.courseId }).from(lessons).limit(1);
  await database.db.insert(lessons).values({
    courseId: first.courseId,
    title: 'A third-party video',
    link: 'https://www.youtube.com/watch?v=abcdefghijk',
    description: '',
    position: 1_000,
    duration: null,
  });
}
const tokens: string[] = [];
for (let i = 0; i < learners; i++) tokens.push((await createUser(database.db, { name: `Bench Learner ${i}` })).token);
const lessonRows = await database.db.select({ id: lessons.id, duration: lessons.duration }).from(lessons);
fs.writeFileSync(out, JSON.stringify({ tokens, lessons: lessonRows }));

const app = await buildApp({
  config,
  database,
  logger: appLoggerOptions(config.logLevel),
  progress: { writesPerMinute: 1e9 },
});
await listenAndReport(app, database);

// `node --import tsx bench/account-export.ts`: does exporting an account hold memory in proportion to its size, and
// does deleting a large account hold up the read endpoints? Starts the real app on an in-memory database, gives one
// account BENCH_ROWS comments, bugs and solutions each (default 10,000), downloads its export over HTTP (read and
// thrown away as it arrives) while sampling this process's JavaScript heap plus Buffers every 20 ms, then the same for
// an account a tenth its size; then deletes the large account while another client reads the course list, timing both.
// Client and server share the process, so the memory figure covers both.
import http from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { bugComments, bugs, lessonComments, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/auth';
import { createCourse, createLesson, createUser, type TestUser } from '../src/server/test/factories';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const MB = 1024 * 1024;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

const config = { ...loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' }), seedDemo: false };
const database = await openDatabase({ memory: true });
const app = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const { db } = database;
const course = await createCourse(db);
const lesson = await createLesson(db, { courseId: course.id });
const passwordHash = await hashPassword('bench-pass-1');

async function accountOf(rows: number): Promise<TestUser> {
  const user = await createUser(db);
  await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  for (let done = 0; done < rows; done += 1000) {
    const n = Math.min(1000, rows - done);
    const text = (i: number) => `<p>Row ${done + i}: ${'words of a reasonable length '.repeat(8)}</p>`;
    await db
      .insert(lessonComments)
      .values(Array.from({ length: n }, (_, i) => ({ lessonId: lesson.id, userId: user.id, content: text(i) })));
    const made = await db
      .insert(bugs)
      .values(
        Array.from({ length: n }, (_, i) => ({ userId: user.id, title: `Bug ${done + i}`, description: text(i) })),
      )
      .returning({ id: bugs.id });
    await db.insert(bugComments).values(made.map((b, i) => ({ bugId: b.id, userId: user.id, content: text(i) })));
  }
  return user;
}

function get(path: string, token?: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(`${address}${path}`, { headers: token ? { 'auth-token': token } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

async function measureExport(user: TestUser, label: string) {
  gc();
  const baseline = heap();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, heap())), 20);
  const res = await get('/api/me/export', user.token);
  clearInterval(timer);
  console.log(
    `${label}: ${res.status}, ${(res.bytes / MB).toFixed(1)} MB in ${(res.ms / 1000).toFixed(2)} s; ` +
      `heap + Buffers peak ${((peak - baseline) / MB).toFixed(1)} MB above the baseline`,
  );
}

const large = await accountOf(ROWS);
const small = await accountOf(Math.round(ROWS / 10));
await measureExport(small, `export, ${Math.round(ROWS / 10)} of each`);
await measureExport(large, `export, ${ROWS} of each`);
await measureExport(small, `export, ${Math.round(ROWS / 10)} of each, again`);

// Delete the large account while a reader keeps asking for the course list.
let deleting = true;
const reads: number[] = [];
const reader = (async () => {
  while (deleting) reads.push((await get('/api/course/getCourse')).ms);
})();
const started = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/me/delete',
  headers: { 'auth-token': large.token },
  payload: { currentPassword: 'bench-pass-1', deleteContent: false },
});
const deleteMs = performance.now() - started;
deleting = false;
await reader;
reads.sort((a, b) => a - b);
console.log(
  `delete, ${ROWS} of each: ${res.statusCode} in ${(deleteMs / 1000).toFixed(2)} s; meanwhile ${reads.length} course-list ` +
    `reads, median ${reads[Math.floor(reads.length / 2)]?.toFixed(0)} ms, slowest ${reads.at(-1)?.toFixed(0)} ms`,
);
await app.close();
await database.close();

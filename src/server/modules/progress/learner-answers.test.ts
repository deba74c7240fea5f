// A learner's progress reads answered by the server's own listener, before Fastify: the second request for the same
// address is answered as the route answered the first, headers and all, but only to the same learner, only while
// their session is one the app looked up in the last few seconds, never after they wrote progress or signed out,
// and never while the app closes. Over real connections: `inject` goes to Fastify directly.
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseCard, CourseWithLessons } from '../../../shared/contract';
import type { CourseProgress, MyLearning } from '../../../shared/progress';
import * as demoContent from '../../db/seed/content';
import { seedDemoContent } from '../../db/seed/seed';
import { createCourse, createLessons, createUser, type TestUser } from '../../test/factories';
import { logLines } from '../../test/log-lines';
import { anErrorBody } from '../../test/matchers';
import { type HttpCall, overHttp } from '../../test/over-http';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let http: HttpCall;
let ada: TestUser;
let bob: TestUser;
let courseId: string;
let lessonId: string;
const log = logLines();

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: log.stream } });
  await seedDemoContent(t.database.db, demoContent);
  ada = await createUser(t.database.db, { name: 'Ada Learner' });
  bob = await createUser(t.database.db, { name: 'Bob Learner' });
  http = await overHttp(t.app);
  [{ _id: courseId }] = (await http({ url: '/api/course/getCourse' })).json<CourseCard[]>();
  const list = (await http({ url: `/api/lession/getLessionList/${courseId}` })).json<CourseWithLessons>();
  lessonId = list.lessonlist[0]._id;
});
afterAll(() => t.close());
beforeEach(() => t.app.contentChanged());

const progressOf = () => `/api/progress/course/${courseId}`;
const read = (user: TestUser | undefined, url: string, headers: Record<string, string> = {}) =>
  http({ url, headers: { ...(user ? { 'auth-token': user.token } : {}), ...headers } });
/** The headers an answer is the same by (the date and the connection are the moment's). */
const lasting = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, ...rest } = headers;
  return rest;
};
/** Marks the course's first lesson complete for `user`, through the route (a write forgets what was kept for them). */
const complete = (user: TestUser) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/progress/${lessonId}/complete`,
    headers: { 'auth-token': user.token },
    payload: { completed: true },
  });
/** Counts the route's own reads of kept progress while `work` runs: none means the listener answered. */
async function routeReads(work: () => Promise<void>): Promise<number> {
  const reads = vi.spyOn(t.app.learnerProgress, 'get');
  try {
    await work();
    return reads.mock.calls.length;
  } finally {
    reads.mockRestore();
  }
}
/** The request log's lines so far, parsed. */
const requestLines = async () =>
  (await log.settled())
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');

describe("a learner's progress reads answered before Fastify", () => {
  it('answers the second request as the route answered the first, headers and all, and logs it with the learner', async () => {
    for (const url of [progressOf(), '/api/progress']) {
      const first = await read(ada, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['content-security-policy']).toBeTruthy();
      let second = first;
      let head = first;
      expect(
        await routeReads(async () => {
          second = await read(ada, url);
          head = await http({ method: 'HEAD', url, headers: { 'auth-token': ada.token } });
        }),
      ).toBe(0);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(lasting(second.headers)).toEqual(lasting(first.headers));
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
      const [last] = (await requestLines()).slice(-1);
      expect(last).toMatchObject({ method: 'HEAD', url, statusCode: 200, userId: ada.id });
    }
  });

  it("answers each learner their own: another learner's request for the same address is theirs", async () => {
    await read(ada, progressOf());
    await complete(bob);
    const bobs = (await read(bob, progressOf())).json<CourseProgress>();
    const adas = (await read(ada, progressOf())).json<CourseProgress>();
    expect(bobs.completedLessons).toBe(1);
    expect(adas.completedLessons).toBe(0);
    expect((await read(bob, progressOf())).json<CourseProgress>()).toEqual(bobs);
    expect((await read(ada, progressOf())).json<CourseProgress>()).toEqual(adas);
  });

  it('answers what the learner just wrote: their write forgets what was kept before it answers', async () => {
    const learner = await createUser(t.database.db, { name: 'Cleo Learner' });
    expect((await read(learner, progressOf())).json<CourseProgress>().completedLessons).toBe(0);
    await read(learner, progressOf());
    const done = await complete(learner);
    expect(done.statusCode).toBe(200);
    expect((await read(learner, progressOf())).json<CourseProgress>().completedLessons).toBe(1);
    expect((await read(learner, '/api/progress')).json<MyLearning>().courses.map((c) => c.course._id)).toEqual([
      courseId,
    ]);
  });

  it('refuses a session signed out since, at once, though its answer was kept', async () => {
    const learner = await createUser(t.database.db, { name: 'Dora Learner' });
    await read(learner, progressOf());
    expect((await read(learner, progressOf())).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'auth-token': learner.token },
    });
    expect(out.statusCode).toBe(200);
    const after = await read(learner, progressOf());
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(anErrorBody());
  });

  it('leaves every other request to the route: no token, a wrong one, another spelling of the address', async () => {
    await read(ada, progressOf());
    expect((await read(undefined, progressOf())).statusCode).toBe(401);
    expect((await http({ url: progressOf(), headers: { 'auth-token': 'x'.repeat(43) } })).statusCode).toBe(401);
    expect((await http({ url: progressOf(), headers: { 'auth-token': 'not a token' } })).statusCode).toBe(401);
    const kept = await read(ada, progressOf());
    for (const url of [
      `${progressOf()}?again=1`,
      progressOf().toUpperCase().replace('/API/PROGRESS/COURSE', '/api/progress/course'),
    ]) {
      const answer = await read(ada, url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(kept.body);
    }
    expect((await read(ada, `/api/progress/course/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).statusCode).toBe(
      404,
    );
  });

  it('leaves an answer the route would compress to the route when the client asks for it compressed', async () => {
    const course = await createCourse(t.database.db, { title: 'A long course' });
    await createLessons(
      t.database.db,
      Array.from({ length: 12 }, () => ({ courseId: course.id, duration: 60 })),
    );
    const url = `/api/progress/course/${course.id}`;
    const plain = await read(ada, url);
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    expect(await routeReads(async () => void (await read(ada, url)))).toBe(0);
    let compressed = plain;
    expect(await routeReads(async () => void (compressed = await read(ada, url, { 'accept-encoding': 'br' })))).toBe(1);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('answers nothing before Fastify while the app closes', async () => {
    await read(ada, progressOf());
    t.app.shuttingDown = true;
    try {
      const closing = await read(ada, progressOf());
      expect(closing.statusCode).toBe(503);
      expect(closing.headers.connection).toBe('close');
    } finally {
      t.app.shuttingDown = false;
    }
  });
});

// A learner's kept progress reads never outlive their writes (decision 0024): in the process that wrote, at once,
// without waiting for any notification; in every other process (PostgreSQL, DATABASE_URL set), within 1 s.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { courseProgress } from '../../../shared/progress';
import { buildApp } from '../../app';
import type { Database, Db } from '../../db/client';
import { createCourse, createLessons, createUser, type TestUser } from '../../test/factories';
import { call } from '../../test/kit';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { twoAppProcesses } from '../../test/two-app-processes';
import { PROGRESS_CHANNEL } from './progress-cache';
import { within } from '../../test/within';

const target = inject('testDb');

/** A published course with two lessons of 100 s. */
async function seedCourse(db: Db): Promise<{ courseId: string; lessonIds: string[] }> {
  const course = await createCourse(db, { title: 'Kept' });
  const rows = await createLessons(
    db,
    [0, 1].map((position) => ({ courseId: course.id, title: `L${position}`, position, duration: 100 })),
  );
  return { courseId: course.id, lessonIds: rows.sort((a, b) => a.position - b.position).map((row) => row.id) };
}

const percentIn = async (app: FastifyInstance, learner: TestUser, courseId: string) => {
  const res = await call(app, 'GET', `/api/progress/course/${courseId}`, learner);
  expect(res.statusCode, res.body).toBe(200);
  return courseProgress.parse(res.json()).percent;
};

const send = (app: FastifyInstance, learner: TestUser, url: string, payload: object) =>
  call(app, 'PUT', url, learner, payload);

describe('in the process that wrote (its progress notifications never arrive)', () => {
  let database: Database;
  let app: FastifyInstance;
  let learner: TestUser;
  let seeded: { courseId: string; lessonIds: string[] };

  beforeAll(async () => {
    database = await createTestDatabase();
    // The app hears content and sessions, but not progress: only its own forgetting can keep it right.
    const deaf: Database = {
      ...database,
      listen: (channel, handlers) =>
        channel === PROGRESS_CHANNEL
          ? Promise.resolve().then(() => {
              handlers.onConnected?.(true);
              return async () => {};
            })
          : database.listen(channel, handlers),
    };
    app = await buildApp({ config: testConfig(), database: deaf });
    await app.ready();
    seeded = await seedCourse(database.db);
    learner = await createUser(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers every read after a write with that write in it', async () => {
    const [first, second] = seeded.lessonIds;
    expect(await percentIn(app, learner, seeded.courseId)).toBe(0);
    expect(await percentIn(app, learner, seeded.courseId)).toBe(0);
    const report = await send(app, learner, `/api/progress/${first}`, {
      ranges: [[0, 50]],
      position: 50,
      duration: 100,
    });
    expect(report.statusCode).toBe(200);
    expect(await percentIn(app, learner, seeded.courseId)).toBe(25);
    const mark = await send(app, learner, `/api/progress/${second}/complete`, { completed: true });
    expect(mark.statusCode).toBe(200);
    expect(await percentIn(app, learner, seeded.courseId)).toBe(75);
  });
});

describe.runIf(target.kind === 'postgres')('two app processes on one PostgreSQL database', () => {
  const { apps, databases } = twoAppProcesses('devc_p_');
  let learner: TestUser;
  let seeded: { courseId: string; lessonIds: string[] };

  beforeAll(async () => {
    seeded = await seedCourse(databases[0].db);
    learner = await createUser(databases[0].db);
  });

  it('shows in B, within 1 s, progress reported and marked through A', async () => {
    const [a, b] = apps;
    const [first, second] = seeded.lessonIds;
    // B reads (and keeps) the learner's progress in the course.
    expect(await percentIn(b, learner, seeded.courseId)).toBe(0);
    expect(await percentIn(b, learner, seeded.courseId)).toBe(0);

    const report = await send(a, learner, `/api/progress/${first}`, { ranges: [[0, 50]], position: 50, duration: 100 });
    expect(report.statusCode).toBe(200);
    expect(await within(1_000, async () => (await percentIn(b, learner, seeded.courseId)) === 25)).toBe(true);

    const mark = await send(a, learner, `/api/progress/${second}/complete`, { completed: true });
    expect(mark.statusCode).toBe(200);
    expect(await within(1_000, async () => (await percentIn(b, learner, seeded.courseId)) === 75)).toBe(true);
  });
});

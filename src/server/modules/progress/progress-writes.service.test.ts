// The batched write path on a real database (PGlite, or PostgreSQL with DATABASE_URL): reports that arrive while
// a statement is in flight share the next one, and each still gets its own answer or its own error.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { lessonProgress } from '../../db/schema';
import { createCourse, createLesson, createUser, type TestUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { reportProgress, reportWriter, type ReportWriter } from './progress-writes.service';
import { Refusal } from '../../lib/errors';
import type { LessonMeta } from './progress.service';

let database: Database;
let writer: ReportWriter;
let learners: TestUser[];
let short: LessonMeta;
let long: LessonMeta;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const course = await createCourse(db);
  const lesson = async (title: string, duration: number): Promise<LessonMeta> => {
    const row = await createLesson(db, { courseId: course.id, title, duration });
    return { id: row.id, courseId: course.id, duration };
  };
  short = await lesson('Short', 100);
  long = await lesson('Long', 200);
  learners = [];
  for (let i = 0; i < 30; i++) learners.push(await createUser(db));
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(lessonProgress);
  writer = reportWriter(database.relaxedDb);
});

const report = (learner: TestUser, lesson: LessonMeta, start: number, end: number) =>
  reportProgress(
    writer,
    learner.id,
    lesson,
    { ranges: [[start, end]], position: end, duration: lesson.duration ?? 0 },
    database.db,
  );

describe('reports sent together', () => {
  it('gives each of many learners its own answer from a shared statement', async () => {
    const answers = await Promise.all(
      learners.map((learner, i) => (i % 2 ? report(learner, long, i, i + 20) : report(learner, short, i, i + 20))),
    );
    // The first went alone; the others arrived while it was in flight and went together.
    expect(writer.stats.largest).toBeGreaterThan(1);
    expect(writer.stats.statements).toBeLessThan(learners.length);
    answers.forEach((state, i) =>
      expect(state).toEqual({ position: i + 20, percent: i % 2 ? 10 : 20, completed: false }),
    );
    const rows = await database.db.select().from(lessonProgress);
    expect(rows).toHaveLength(learners.length);
    for (const row of rows) {
      const i = learners.findIndex((l) => l.id === row.userId);
      expect([row.lessonId, row.ranges, row.watched]).toEqual([i % 2 ? long.id : short.id, `{[${i},${i + 20})}`, 20]);
    }
  });

  it('unites one learner’s concurrent reports on one lesson in the order they came, losing no range', async () => {
    const [learner] = learners;
    // Twenty 5 s pieces of the first 100 s, none overlapping: each answer counts its own piece and those before.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => report(learner, long, 5 * i, 5 * i + 5)));
    expect(answers.map((state) => state.percent)).toEqual(Array.from({ length: 20 }, (_, i) => 2.5 * (i + 1)));
    const [row] = await database.db.select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id));
    expect([row.ranges, row.watched, row.position]).toEqual(['{[0,100)}', 100, 100]);
  });

  it('applies the 90% rule to each row of a shared statement by its own lesson', async () => {
    const [first, second, third] = learners;
    const answers = await Promise.all([
      report(first, short, 0, 1),
      report(second, short, 0, 90), // 90 of 100 s: done
      report(third, long, 0, 90), // 90 of 200 s: not yet
      report(first, long, 0, 180), // 180 of 200 s: done
    ]);
    expect(answers.map((state) => state.completed)).toEqual([false, true, false, true]);
  });

  it('fails only the report whose lesson is gone; the others in its statement are written', async () => {
    const gone: LessonMeta = { id: randomUUID(), courseId: short.courseId, duration: 100 };
    const attempts = learners
      .slice(0, 10)
      .map((learner, i) => (i === 5 ? report(learner, gone, 0, 10) : report(learner, short, 0, 10 + i)));
    const results = await Promise.allSettled(attempts);
    expect(writer.stats.largest).toBeGreaterThan(1);
    results.forEach((result, i) => {
      if (i === 5) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason as unknown;
        expect(reason).toBeInstanceOf(Refusal);
        expect((reason as Refusal).kind).toBe('not-found');
      } else {
        expect(result).toEqual({
          status: 'fulfilled',
          value: { position: 10 + i, percent: 10 + i, completed: false },
        });
      }
    });
    expect(await database.db.select().from(lessonProgress)).toHaveLength(9);
  });
});

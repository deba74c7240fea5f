// Fills an empty database with the demo catalogue (courses with ordered lessons and their practice items, tutorials,
// blog posts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { blogs, courses, lessons, practiceItems, tutorials } from '../schema';
import type { SeedPractice, SeedPracticeItem } from './content/types';

export interface SeedContent {
  courses: {
    title: string;
    cover: string;
    description: string;
    /** `duration` in seconds; when absent, the seed asks `durationOf` (the demo reads its video files). */
    lessons: { title: string; link: string; description: string; captions?: string; duration?: number }[];
  }[];
  tutorials: { title: string; image: string; content: string }[];
  blogs: { title: string; date: string; content: string }[];
  /** Exercises and quizzes after lessons; every exercise must pass its check (the demo's are tested). */
  practice?: SeedPractice[];
}

export interface SeedCounts {
  courses: number;
  lessons: number;
  tutorials: number;
  blogs: number;
  practice: number;
}

// The demo catalogue is published content; rows are drafts unless a writer says otherwise.
const published = { status: 'published' } as const;

/** Seeds `source` (the demo content, or a test's fixture) only when there are no courses yet; answers what it inserted (all zero when it did nothing). */
export async function seedDemoContent(
  db: Db,
  source: SeedContent,
  options: { durationOf?: (link: string) => Promise<number | null> } = {},
): Promise<SeedCounts> {
  // Read outside the transaction, once per distinct video (the demo's lessons share a few clips).
  const durations = new Map<string, number | null>();
  if (options.durationOf)
    for (const course of source.courses)
      for (const lesson of course.lessons)
        if (lesson.duration === undefined && !durations.has(lesson.link))
          durations.set(lesson.link, await options.durationOf(lesson.link));
  return db.transaction(async (tx) => {
    // Two servers on one PostgreSQL starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(courses);
    const counts: SeedCounts = { courses: 0, lessons: 0, tutorials: 0, blogs: 0, practice: 0 };
    if (count > 0) return counts;

    const lessonIds = new Map<string, string[]>();
    for (const [position, course] of source.courses.entries()) {
      const [row] = await tx
        .insert(courses)
        .values({ ...published, title: course.title, description: course.description, cover: course.cover, position })
        .returning({ id: courses.id });
      const inserted = course.lessons.length
        ? await tx
            .insert(lessons)
            .values(
              course.lessons.map((lesson, i) => ({
                ...lesson,
                duration: lesson.duration ?? durations.get(lesson.link) ?? null,
                courseId: row.id,
                position: i,
              })),
            )
            .returning({ id: lessons.id })
        : [];
      lessonIds.set(
        course.title,
        inserted.map((lesson) => lesson.id),
      );
      counts.courses++;
      counts.lessons += course.lessons.length;
    }
    for (const { course, lesson, items } of source.practice ?? []) {
      const lessonId = lessonIds.get(course)?.[lesson];
      if (!lessonId) throw new Error(`seed practice: ${course} has no lesson ${lesson}`);
      await tx.insert(practiceItems).values(items.map((item, position) => practiceRow(item, lessonId, position)));
      counts.practice += items.length;
    }
    if (source.tutorials.length)
      await tx.insert(tutorials).values(source.tutorials.map((t, position) => ({ ...t, ...published, position })));
    if (source.blogs.length)
      await tx.insert(blogs).values(
        source.blogs.map((b) => {
          const date = new Date(`${b.date}T09:00:00Z`);
          return { ...published, title: b.title, content: b.content, date, createdAt: date, updatedAt: date };
        }),
      );
    counts.tutorials = source.tutorials.length;
    counts.blogs = source.blogs.length;
    return counts;
  });
}

/** A seeded item as the Studio would store it: its exercise checked (the demo's checks are tested to pass). */
function practiceRow(item: SeedPracticeItem, lessonId: string, position: number) {
  const common = { lessonId, position, title: item.title };
  if (item.kind === 'quiz')
    return {
      ...common,
      kind: 'quiz' as const,
      passMark: item.passMark ?? 70,
      questions: item.questions.map((question) => ({
        id: randomUUID(),
        ...question,
        choices: question.choices.map((choice) => ({ id: randomUUID(), ...choice })),
      })),
    };
  return {
    ...common,
    kind: 'exercise' as const,
    prompt: item.prompt,
    language: item.language,
    starterCode: item.starterCode,
    solution: item.solution,
    tests: item.tests.map((test) => ({ id: randomUUID(), ...test })),
    timeLimitMs: item.timeLimitMs ?? 2_000,
    valid: true,
    check: { solutionPasses: true, starterFails: true, failures: [] },
  };
}

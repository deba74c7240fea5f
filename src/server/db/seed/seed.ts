// Fills an empty database with the demo catalogue (courses with ordered lessons, tutorials, blog posts).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { blogs, courses, lessons, tutorials } from '../schema';

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
}

export interface SeedCounts {
  courses: number;
  lessons: number;
  tutorials: number;
  blogs: number;
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
    const counts: SeedCounts = { courses: 0, lessons: 0, tutorials: 0, blogs: 0 };
    if (count > 0) return counts;

    for (const [position, course] of source.courses.entries()) {
      const [row] = await tx
        .insert(courses)
        .values({ ...published, title: course.title, description: course.description, cover: course.cover, position })
        .returning({ id: courses.id });
      if (course.lessons.length)
        await tx.insert(lessons).values(
          course.lessons.map((lesson, i) => ({
            ...lesson,
            duration: lesson.duration ?? durations.get(lesson.link) ?? null,
            courseId: row.id,
            position: i,
          })),
        );
      counts.courses++;
      counts.lessons += course.lessons.length;
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

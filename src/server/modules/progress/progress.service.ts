// Learning progress: what each learner watched of each lesson, as merged ranges, one row per (user, lesson). The
// writes are in progress-writes.service.ts, the reads in progress-reads.service.ts, the rules they share in SQL in
// progress-rules-sql.ts. Here: what both need. Services know nothing of HTTP: they refuse by throwing a Refusal
// of a kind, which the error handler maps to a status.
import { and, eq } from 'drizzle-orm';
import { type Db } from '../../db/client';
import { courses, lessons } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { lessonVisible } from '../../lib/reader-visibility';

export const lessonNotFound = () => notFound('Lesson not found');

/** What a report needs to know of its lesson: readers see it (published, in a published course), and how long it is. */
export interface LessonMeta {
  id: string;
  courseId: string;
  duration: number | null;
}

/** The lesson, when readers see it (readers never see drafts, so they cannot watch one). */
export async function findLessonMeta(db: Db, lessonId: string): Promise<LessonMeta | null> {
  if (!isId(lessonId)) return null;
  const [row] = await db
    .select({ id: lessons.id, courseId: lessons.courseId, duration: lessons.duration })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), lessonVisible));
  return row ?? null;
}

// What every practice call shares: which items readers see, the refusals, the code-size rule, and the practice
// progress a pass writes. A practice item belongs to one lesson or one tutorial and is visible to readers exactly
// when readers see its lesson (published, in a published course) or its tutorial is published; an exercise whose save-time check fails (`valid` false) is
// visible to no learner. Services know nothing of HTTP: they refuse by throwing a Refusal of a kind.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { PRACTICE } from '../../../shared/practice';
import type { Db } from '../../db/client';
import { courses, lessons, practiceItems, practiceProgress, tutorials } from '../../db/schema';
import { notFound, Refusal } from '../../lib/errors';
import { lessonVisible } from '../../lib/reader-visibility';
import { PROGRESS_CHANNEL } from '../progress';

export type ItemKind = 'exercise' | 'quiz';
export type OwnerKind = 'lesson' | 'tutorial';

export const exerciseNotFound = () => notFound('Exercise not found');
export const quizNotFound = () => notFound('Quiz not found');
export const itemNotFound = (kind: ItemKind) => (kind === 'exercise' ? exerciseNotFound() : quizNotFound());
export const ownerNotFound = (owner: OwnerKind) =>
  notFound(owner === 'lesson' ? 'Lesson not found' : 'Tutorial not found');

/** Code is measured in UTF-8 bytes: past `PRACTICE.codeBytesMax` it is refused as too large (413). */
export function assertCodeSize(field: string, code: string): void {
  if (Buffer.byteLength(code, 'utf8') > PRACTICE.codeBytesMax)
    throw new Refusal('too-large', `${field} must be at most ${PRACTICE.codeBytesMax / 1024} KB (UTF-8 bytes)`);
}

/** Readers see an item when its owner is published, and an exercise only while its check passes. Reads the
 *  owners joined by `joinOwners`. */
/** The lesson, course and tutorial an item belongs to, left-joined (one of the two owners is null). */
export const ownerJoins = {
  lessons: eq(lessons.id, practiceItems.lessonId),
  courses: eq(courses.id, lessons.courseId),
  tutorials: eq(tutorials.id, practiceItems.tutorialId),
};

export const visibleToReaders: SQL = and(
  eq(practiceItems.valid, true),
  or(lessonVisible, eq(tutorials.status, 'published')),
) as SQL;

/** The learner passed the item: `passed_at` is set the first time and stays, whatever later attempts bring. The
 *  learner's kept progress reads (course practice counts, completion) are forgotten in every process when the
 *  transaction commits; the caller forgets them in its own process at once. */
export async function markPassed(tx: Db, userId: string, itemId: string): Promise<void> {
  await tx
    .insert(practiceProgress)
    .values({ userId, itemId, passedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [practiceProgress.userId, practiceProgress.itemId],
      set: { passedAt: sql`coalesce(${practiceProgress.passedAt}, now())` },
    });
  await tx.execute(sql`select pg_notify(${PROGRESS_CHANNEL}, ${userId})`);
}

/** Until the transaction ends, one learner's writes on one item take turns, so keeping the latest N rows never
 *  leaves more than N when two of their submissions commit together. */
export async function lockLearnerItem(tx: Db, userId: string, itemId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), hashtext(${itemId}))`);
}

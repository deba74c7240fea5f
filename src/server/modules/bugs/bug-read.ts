// How a bug is read, by every call that answers one: its columns (with the solution count, the best score and the
// lesson it was asked at while readers may see that lesson), the row's mapping to the contract's `Bug`, and the
// highlighting of its description's code.
import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Bug } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { bugComments, bugs, courses, lessons, users } from '../../db/schema';
import { highlightCode } from '../../lib/highlight';
import { lessonVisible } from '../../lib/reader-visibility';

const solutionCount = sql<number>`(select count(*)::int from ${bugComments} where ${bugComments.bugId} = ${bugs.id})`;
const bestScore = sql<
  number | null
>`(select max(${bugComments.score}) from ${bugComments} where ${bugComments.bugId} = ${bugs.id})`;

/**
 * The lessons readers may see: the published lessons of published courses (drafts live in the Studio). A bug names its lesson only
 * while the lesson is one of these; joined as one subquery, so a page still reads its 20 bugs in one statement.
 */
const visibleLessons = new QueryBuilder()
  .select({ id: lessons.id, courseId: lessons.courseId, title: lessons.title })
  .from(lessons)
  .innerJoin(courses, eq(courses.id, lessons.courseId))
  .where(lessonVisible)
  .as('visible_lessons');

const bugColumns = {
  id: bugs.id,
  title: bugs.title,
  description: bugs.description,
  createdAt: bugs.createdAt,
  /** The creation time at full (microsecond) precision, for cursors: a JS Date keeps milliseconds only. */
  createdKey: sql<string>`${bugs.createdAt}::text`,
  userId: users.id,
  userName: users.name,
  userPublic: users.profilePublic,
  tags: bugs.tags,
  acceptedSolutionId: bugs.acceptedSolutionId,
  editedAt: bugs.editedAt,
  lessonId: visibleLessons.id,
  lessonCourseId: visibleLessons.courseId,
  lessonTitle: visibleLessons.title,
  lessonAt: bugs.lessonAt,
  solutionCount,
  bestScore,
};

export interface BugRow {
  id: string;
  title: string;
  description: string;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
  userPublic: boolean | null;
  tags: string[];
  acceptedSolutionId: string | null;
  editedAt: Date | null;
  lessonId: string | null;
  lessonCourseId: string | null;
  lessonTitle: string | null;
  lessonAt: number | null;
  solutionCount: number;
  bestScore: number | null;
}

export const toBug = (row: BugRow): Bug => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  date: row.createdAt.toISOString(),
  user: row.userId ? { _id: row.userId, name: row.userName ?? '', profilePublic: row.userPublic ?? false } : null,
  tags: row.tags,
  solved: row.acceptedSolutionId !== null,
  acceptedSolution: row.acceptedSolutionId,
  solutionCount: Number(row.solutionCount),
  bestScore: row.bestScore === null ? null : Number(row.bestScore),
  editedAt: row.editedAt ? new Date(row.editedAt).toISOString() : null,
  lesson:
    row.lessonId && row.lessonCourseId && row.lessonTitle !== null && row.lessonAt !== null
      ? { courseId: row.lessonCourseId, id: row.lessonId, title: row.lessonTitle, at: row.lessonAt }
      : null,
});

/** Bugs with their author and visible lesson joined; the caller adds the where, order and limit. */
export const selectBugs = (db: Db) =>
  db
    .select(bugColumns)
    .from(bugs)
    .leftJoin(users, eq(users.id, bugs.userId))
    .leftJoin(visibleLessons, eq(visibleLessons.id, bugs.lessonId))
    .$dynamic();

/** A bug as readers get it: its description's code blocks highlighted (decision 0017). Applied to what a call
 *  answers, after its transaction: a first block of a language may take a while, and holds no connection then. */
export const highlightBug = async (bug: Bug): Promise<Bug> => ({
  ...bug,
  description: await highlightCode(bug.description),
});
export const highlightBugs = (list: Bug[]) => Promise.all(list.map(highlightBug));

export async function bugById(db: Db, bugId: string): Promise<Bug | null> {
  const [row] = await selectBugs(db).where(eq(bugs.id, bugId));
  return row ? toBug(row) : null;
}

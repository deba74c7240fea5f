// The learner's reads: a lesson's or a tutorial's practice list, an exercise (its visible tests only, never the
// solution nor a hidden test's code) and a quiz (never its answers). Each read is made of a public part, the same
// for every reader and kept in the routes' content cache, and the reader's own part (passed, saved code), read per
// request. A draft's items, and an exercise whose check fails, are not found.
import { and, asc, eq, getTableColumns, inArray, isNotNull } from 'drizzle-orm';
import type { Exercise, PracticeItem, Quiz } from '../../../shared/practice';
import type { Db } from '../../db/client';
import { courses, type FieldValue, lessons, practiceItems, practiceProgress, tutorials } from '../../db/schema';
import { highlightCode } from '../../lib/highlight';
import { isId } from '../../lib/ids';
import { lessonVisible } from '../../lib/reader-visibility';
import { type OwnerKind, ownerJoins, visibleToReaders } from './practice-items';

export type PublicItem = Omit<PracticeItem, 'passed'>;
export type PublicExercise = Omit<Exercise, 'savedCode' | 'passed'>;
export type PublicQuiz = Omit<Quiz, 'passed'>;
type Fields = Record<string, FieldValue>;

/** Whether readers see the lesson (it and its course are published) or the tutorial (it is published). */
async function ownerVisible(db: Db, owner: OwnerKind, id: string): Promise<boolean> {
  const rows =
    owner === 'lesson'
      ? await db
          .select({ id: lessons.id })
          .from(lessons)
          .innerJoin(courses, eq(courses.id, lessons.courseId))
          .where(and(eq(lessons.id, id), lessonVisible))
      : await db
          .select({ id: tutorials.id })
          .from(tutorials)
          .where(and(eq(tutorials.id, id), eq(tutorials.status, 'published')));
  return rows.length > 0;
}

/** The items readers see of a lesson or a tutorial, in the author's order; null when readers do not see it. */
export async function listPublicItems(db: Db, owner: OwnerKind, id: string): Promise<PublicItem[] | null> {
  if (!isId(id) || !(await ownerVisible(db, owner, id))) return null;
  const ownerColumn = owner === 'lesson' ? practiceItems.lessonId : practiceItems.tutorialId;
  const rows = await db
    .select({ _id: practiceItems.id, kind: practiceItems.kind, title: practiceItems.title })
    .from(practiceItems)
    .leftJoin(lessons, ownerJoins.lessons)
    .leftJoin(courses, ownerJoins.courses)
    .leftJoin(tutorials, ownerJoins.tutorials)
    .where(and(eq(ownerColumn, id), visibleToReaders))
    .orderBy(asc(practiceItems.position), asc(practiceItems.id));
  return rows;
}

/** The ids among `itemIds` the learner has passed. */
export async function passedAmong(db: Db, userId: string, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ itemId: practiceProgress.itemId })
    .from(practiceProgress)
    .where(
      and(
        eq(practiceProgress.userId, userId),
        inArray(practiceProgress.itemId, itemIds),
        isNotNull(practiceProgress.passedAt),
      ),
    );
  return new Set(rows.map((row) => row.itemId));
}

/** What one learner has of one item: their latest code and whether they passed it. */
export async function learnerState(db: Db, userId: string | null, itemId: string) {
  if (!userId) return { code: null, passed: false };
  const [row] = await db
    .select({ code: practiceProgress.code, passedAt: practiceProgress.passedAt })
    .from(practiceProgress)
    .where(and(eq(practiceProgress.userId, userId), eq(practiceProgress.itemId, itemId)));
  return { code: row?.code ?? null, passed: Boolean(row?.passedAt) };
}

// Learners read the live item: never the Studio's working copy (decision 0051).
const { working: _working, ...LIVE_COLUMNS } = getTableColumns(practiceItems);

/** A visible item of the kind, whole (tests with their code, the solution, the answers), with its lesson's course
 *  (null for a tutorial's): for the services that grade and score it, never answered as it is. Null when readers do
 *  not see it. */
export async function findVisibleItem(db: Db, kind: 'exercise' | 'quiz', id: string) {
  if (!isId(id)) return null;
  const [row] = await db
    .select({ item: LIVE_COLUMNS, courseId: lessons.courseId })
    .from(practiceItems)
    .leftJoin(lessons, ownerJoins.lessons)
    .leftJoin(courses, ownerJoins.courses)
    .leftJoin(tutorials, ownerJoins.tutorials)
    .where(and(eq(practiceItems.id, id), eq(practiceItems.kind, kind), visibleToReaders))
    .limit(1);
  return row ? { ...row.item, courseId: row.courseId } : null;
}

/** An item's row (or a working copy's fields over it) with its place: what the public reads are made from. */
type ItemToShow = Pick<typeof practiceItems.$inferSelect, 'id' | 'title' | 'lessonId' | 'tutorialId'> &
  Partial<typeof practiceItems.$inferSelect> & { courseId: string | null };

/** GET /api/exercises/{id}'s public part: the visible tests only and the number of hidden ones; no solution. */
export async function getPublicExercise(db: Db, id: string): Promise<PublicExercise | null> {
  const item = await findVisibleItem(db, 'exercise', id);
  return item && publicExercise(item);
}

/** An exercise as learners read it (its preview too): the visible tests only, never the solution nor a hidden
 *  test's code. */
export async function publicExercise(item: ItemToShow): Promise<PublicExercise> {
  const tests = item.tests ?? [];
  return {
    _id: item.id,
    title: item.title,
    // Code blocks in the prompt come back highlighted, as in lessons and tutorials.
    prompt: await highlightCode(item.prompt ?? ''),
    language: item.language ?? 'javascript',
    starterCode: item.starterCode ?? '',
    timeLimitMs: item.timeLimitMs ?? 0,
    tests: tests.filter((test) => !test.hidden).map((test) => ({ _id: test.id, name: test.name, code: test.code })),
    hiddenTests: tests.filter((test) => test.hidden).length,
    lessonId: item.lessonId,
    tutorialId: item.tutorialId,
    courseId: item.courseId,
  };
}

/** GET /api/quizzes/{id}'s public part: the questions and their choices, never which are correct. */
export async function getPublicQuiz(db: Db, id: string): Promise<PublicQuiz | null> {
  const item = await findVisibleItem(db, 'quiz', id);
  return item && publicQuiz(item);
}

/** A quiz as learners read it (its preview too): never which choices are correct. */
export function publicQuiz(item: ItemToShow): PublicQuiz {
  return {
    _id: item.id,
    title: item.title,
    passMark: item.passMark ?? 0,
    questions: (item.questions ?? []).map((question) => ({
      _id: question.id,
      text: question.text,
      multiple: question.multiple,
      choices: question.choices.map((choice) => ({ _id: choice.id, text: choice.text })),
    })),
    lessonId: item.lessonId,
    tutorialId: item.tutorialId,
    courseId: item.courseId,
  };
}

/** An item's draft or working copy (`fields`) with its place, as the public reads take it. */
async function previewed(db: Db, id: string, fields: Fields): Promise<ItemToShow> {
  const [place] = await db
    .select({ lessonId: practiceItems.lessonId, tutorialId: practiceItems.tutorialId, courseId: lessons.courseId })
    .from(practiceItems)
    .leftJoin(lessons, ownerJoins.lessons)
    .where(eq(practiceItems.id, id));
  return {
    ...(fields as Partial<typeof practiceItems.$inferSelect>),
    id,
    title: typeof fields.title === 'string' ? fields.title : '',
    ...(place ?? { lessonId: null, tutorialId: null, courseId: null }),
  };
}

/** An exercise's preview in the shape of its public read, for the Studio's preview call: like that read, no hidden
 *  test's code nor the solution, and nobody's saved code nor pass. */
export async function previewExercise(db: Db, id: string, fields: Fields): Promise<Exercise> {
  return { ...(await publicExercise(await previewed(db, id, fields))), savedCode: null, passed: false };
}

/** A quiz's preview in the shape of its public read: never which choices are correct. */
export async function previewQuiz(db: Db, id: string, fields: Fields): Promise<Quiz> {
  return { ...publicQuiz(await previewed(db, id, fields)), passed: false };
}

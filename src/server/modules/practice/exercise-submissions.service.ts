// A learner's work on an exercise: submissions graded on the server (the official verdict), the latest code kept
// between visits, and a visitor's code joining the account at login. A submission runs every test, visible and
// hidden (hidden ones last, with nothing they print returned); its answer names a hidden test 'Hidden test N' with
// pass or fail only, so no hidden test's code, input or expected value leaves the server. The latest
// `PRACTICE.submissionsKept` submissions per learner and exercise are kept (older ones deleted in the same
// transaction); a passing verdict marks the exercise passed for good.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  PRACTICE,
  type PracticeMergeBody,
  type RunRequest,
  type RunResult,
  type Submission,
  type SubmissionList,
  TEXTS,
  type TestResult,
} from '../../../shared/practice';
import { type Db, rowsOf } from '../../db/client';
import { exerciseSubmissions, practiceProgress, type StoredTest } from '../../db/schema';
import { isId } from '../../lib/ids';
import { assertCodeSize, exerciseNotFound } from './practice-items';
import { PROGRESS_CHANNEL } from '../progress';
import { findVisibleItem } from './practice-reads.service';
import { issueIfComplete } from '../certificates';

/** Runs code against tests: the grader's `grade` (plugins/grader.ts). */
export type Grade = (request: RunRequest) => Promise<RunResult>;

/** The tests in the order they run: visible ones first, then hidden ones. */
export const runOrder = (tests: StoredTest[]) => [
  ...tests.filter((test) => !test.hidden),
  ...tests.filter((test) => test.hidden),
];

/** The results as a learner may see them: a hidden test is 'Hidden test N' (N counting hidden tests from 1) with
 *  pass or fail only, whatever the runner said of it. Results are matched to the tests by position. */
export function learnerResults(tests: StoredTest[], results: TestResult[]): TestResult[] {
  let hidden = 0;
  return results.slice(0, tests.length).map((result, i) => {
    const test = tests[i];
    if (test.hidden || result.hidden) return { name: TEXTS.hiddenTest(++hidden), passed: result.passed, hidden: true };
    return {
      name: test.name,
      passed: result.passed,
      hidden: false,
      ...(result.message !== undefined && { message: result.message }),
    };
  });
}

type SubmissionRow = typeof exerciseSubmissions.$inferSelect;

const toSubmission = (row: SubmissionRow): Submission => ({
  _id: row.id,
  verdict: row.verdict,
  tests: row.results,
  output: row.output,
  ...(row.error !== null && { error: row.error }),
  durationMs: row.durationMs,
  createdAt: row.createdAt.toISOString(),
});

/** The exercise a submission is graded against: the visible item with its tests (hidden ones too). */
export type GradedExercise = NonNullable<Awaited<ReturnType<typeof findVisibleItem>>>;

/** POST /api/exercises/{id}/submissions: grades the code, stores the submission, answers its verdict. `find` reads
 *  the exercise (the route keeps it in the catalogue's cache). */
export async function submitCode(
  db: Db,
  grade: Grade,
  userId: string,
  exerciseId: string,
  code: string,
  find: (id: string) => Promise<GradedExercise | null> = (id) => findVisibleItem(db, 'exercise', id),
): Promise<Submission> {
  assertCodeSize('code', code);
  const exercise = await find(exerciseId);
  if (!exercise) throw exerciseNotFound();
  const tests = runOrder(exercise.tests ?? []);
  const result = await grade({
    language: exercise.language ?? 'javascript',
    code,
    tests: tests.map((test) => ({ name: test.name, code: test.code, hidden: test.hidden })),
    timeLimitMs: exercise.timeLimitMs ?? PRACTICE.timeLimitMs.default,
  });
  const results = learnerResults(tests, result.tests);
  const durationMs = Math.round(result.durationMs);
  const stored = await storeSubmission(db, userId, exercise.id, code, result, results, durationMs);
  // A first pass may complete the course: its certificate is issued once the pass is stored.
  if (stored.firstPass && exercise.courseId) await issueIfComplete(db, userId, exercise.courseId);
  return {
    _id: stored.id,
    verdict: result.verdict,
    tests: results,
    output: result.output,
    ...(result.error !== undefined && { error: result.error }),
    durationMs,
    createdAt: new Date(stored.createdAt).toISOString(),
  };
}

/** Stores a graded submission in one statement (one round trip, its own transaction): the learner's count on the
 *  item goes up by one in their progress row (with the code kept, and `passed_at` set by a first pass), the
 *  submission takes that count as its number, and the learner's submissions numbered `submissionsKept` or more below
 *  it are deleted. The progress row's lock makes one learner's concurrent submissions on one item take turns, and
 *  each trims by number, not by what its snapshot sees, so no more than `submissionsKept` stay. A first pass
 *  announces the learner on the progress channel, so every process forgets their kept progress reads. */
async function storeSubmission(
  db: Db,
  userId: string,
  exerciseId: string,
  code: string,
  result: RunResult,
  results: TestResult[],
  durationMs: number,
): Promise<{ id: string; createdAt: string | Date; firstPass: boolean }> {
  const passedAt = result.verdict === 'passed' ? sql`now()` : sql`null`;
  const [row] = await rowsOf<{ id: string; created_at: string | Date; first_pass: boolean }>(
    db,
    sql`
      with progress as (
        insert into practice_progress (user_id, item_id, code, submissions, passed_at)
        values (${userId}::uuid, ${exerciseId}::uuid, ${code}, 1, ${passedAt})
        on conflict (user_id, item_id) do update set
          code = excluded.code,
          submissions = practice_progress.submissions + 1,
          passed_at = coalesce(practice_progress.passed_at, excluded.passed_at),
          updated_at = now()
        returning submissions, passed_at is not null and passed_at = now() as first_pass
      ),
      inserted as (
        insert into exercise_submissions
          (exercise_id, user_id, code, verdict, results, output, error, duration_ms, seq)
        select ${exerciseId}::uuid, ${userId}::uuid, ${code}, ${result.verdict}, ${JSON.stringify(results)}::jsonb,
          ${result.output}, ${result.error ?? null}, ${durationMs}::int, submissions
        from progress
        returning id, created_at
      ),
      trimmed as (
        delete from exercise_submissions
        where user_id = ${userId}::uuid and exercise_id = ${exerciseId}::uuid
          and seq <= (select submissions from progress) - ${PRACTICE.submissionsKept}::int
      ),
      announced as (select pg_notify(${PROGRESS_CHANNEL}, ${userId}) from progress where first_pass)
      select inserted.id, inserted.created_at, progress.first_pass, (select count(*) from announced) as announced
      from inserted, progress
    `,
  );
  return { id: row.id, createdAt: row.created_at, firstPass: row.first_pass };
}

/** The learner's latest code for the exercise (their last save). */
async function keepCode(tx: Db, userId: string, itemId: string, code: string): Promise<void> {
  await tx
    .insert(practiceProgress)
    .values({ userId, itemId, code })
    .onConflictDoUpdate({
      target: [practiceProgress.userId, practiceProgress.itemId],
      set: { code, updatedAt: sql`now()` },
    });
}

/** GET /api/exercises/{id}/submissions: the learner's own, newest first, each with its code. */
export async function listSubmissions(db: Db, userId: string, exerciseId: string): Promise<SubmissionList> {
  const exercise = await findVisibleItem(db, 'exercise', exerciseId);
  if (!exercise) throw exerciseNotFound();
  const rows = await db
    .select()
    .from(exerciseSubmissions)
    .where(and(eq(exerciseSubmissions.userId, userId), eq(exerciseSubmissions.exerciseId, exercise.id)))
    .orderBy(desc(exerciseSubmissions.createdAt), desc(exerciseSubmissions.id))
    .limit(PRACTICE.submissionsKept);
  return { submissions: rows.map((row) => ({ ...toSubmission(row), code: row.code })) };
}

/** PUT /api/exercises/{id}/code: keeps the learner's latest code; answers when it was kept. */
export async function saveCode(db: Db, userId: string, exerciseId: string, code: string): Promise<{ savedAt: string }> {
  assertCodeSize('code', code);
  const exercise = await findVisibleItem(db, 'exercise', exerciseId);
  if (!exercise) throw exerciseNotFound();
  await keepCode(db, userId, exercise.id, code);
  return { savedAt: new Date().toISOString() };
}

/** POST /api/practice/merge: a visitor's code kept in the browser joins the account; code the account already holds
 *  for an exercise wins. An exercise learners cannot see, or code over the size limit, is skipped (and named). */
export async function mergeCode(
  db: Db,
  userId: string,
  body: PracticeMergeBody,
): Promise<{ merged: number; skipped: string[] }> {
  const skipped: string[] = [];
  const rows: { itemId: string; code: string }[] = [];
  const seen = new Set<string>();
  for (const { exerciseId, code } of body.exercises) {
    const id = isId(exerciseId) ? exerciseId.toLowerCase() : exerciseId;
    const visible = !seen.has(id) && Buffer.byteLength(code, 'utf8') <= PRACTICE.codeBytesMax;
    const exercise = visible ? await findVisibleItem(db, 'exercise', id) : null;
    if (!exercise) {
      skipped.push(exerciseId);
      continue;
    }
    seen.add(id);
    rows.push({ itemId: exercise.id, code });
  }
  if (rows.length === 0) return { merged: 0, skipped };
  const merged = await db
    .insert(practiceProgress)
    .values(rows.map((row) => ({ userId, ...row })))
    .onConflictDoUpdate({
      target: [practiceProgress.userId, practiceProgress.itemId],
      set: { code: sql`excluded.code`, updatedAt: sql`now()` },
      // The account's own code wins: only an item without code takes the visitor's.
      setWhere: sql`${practiceProgress.code} is null`,
    })
    .returning({ itemId: practiceProgress.itemId });
  return { merged: merged.length, skipped };
}

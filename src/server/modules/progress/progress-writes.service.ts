// The learner's progress as the player and the login write it: a report's watched ranges and position (batched
// with the reports beside it), the learner's own 'completed' mark, and a visitor's local progress merged at login.
// One upsert per row unites the ranges in SQL by the rules in progress-rules-sql.ts, and announces the learners it
// wrote for so every process forgets their kept reads.
import { type SQL, sql } from 'drizzle-orm';
import {
  completionThreshold,
  type LessonProgressState,
  type MergeBody,
  type MergeResult,
  PROGRESS,
  type ProgressReportBody,
  percentOf,
  boundRanges,
  type Range,
  rangesProblem,
} from '../../../shared/progress';
import { type Db, rowsOf, sqlConstraint, sqlState } from '../../db/client';
import { badRequest, Refusal } from '../../lib/errors';
import { issueIfComplete } from '../certificates';
import { GroupCommit } from './group-commit';
import { ANNOUNCED_LEARNERS_MAX, PROGRESS_CHANNEL } from './progress-cache';
import { coveredSecondsOf, keptRanges, manualMark, newerOf, stillCompleted, watchedEnough } from './progress-rules-sql';
import { type LessonMeta, lessonNotFound } from './progress.service';

/** Milliseconds are enough for a player; numeric keeps the sums exact. */
const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A report's ranges clipped to the lesson and bounded as a row keeps them (`boundRanges`), as a PostgreSQL
 *  multirange literal (`{[0,10),[20,30)}`) and the seconds they cover (counted here, in whole milliseconds: the
 *  statement then need not count them). */
function multirange(ranges: readonly Range[], duration: number): { literal: string; seconds: number } {
  const merged = boundRanges(
    ranges.map(([start, end]) => [roundMs(Math.max(0, start)), roundMs(Math.min(end, duration))]),
  );
  const ms = merged.reduce((sum, [start, end]) => sum + Math.round(end * 1000) - Math.round(start * 1000), 0);
  return { literal: `{${merged.map(([start, end]) => `[${start},${end})`).join(',')}}`, seconds: ms / 1000 };
}

/** The duration a report is measured against: the lesson's when known (a report that disagrees by more than 5% is
 *  refused); else the learner's own player's, which is kept on the learner's row and measures that learner only
 *  (docs/decisions/0025): no report changes the lesson, or what anyone else is measured against. */
function checkReport(lesson: LessonMeta, body: ProgressReportBody): number {
  const known = lesson.duration;
  if (known !== null && Math.abs(body.duration - known) > known * PROGRESS.durationTolerance)
    throw badRequest(
      `duration (${body.duration} s) disagrees with the lesson's duration (${known} s) by more than ${PROGRESS.durationTolerance * 100}%`,
    );
  const problem = rangesProblem(body.ranges, body.position, body.duration);
  if (problem) throw badRequest(problem);
  return known ?? body.duration;
}

interface StateRow {
  position: number;
  watched: number;
  completed: boolean;
  manual: boolean | null;
}

const toState = (row: StateRow, duration: number | null): LessonProgressState => ({
  position: row.position,
  percent: percentOf(row.watched, duration),
  completed: row.manual ?? row.completed,
});

interface Upsert {
  userId: string;
  lessonId: string;
  ranges: { literal: string; seconds: number };
  position: number;
  /** The duration the learner's player reported: the row keeps it, and it measures this learner while the lesson's
   *  own is unknown. */
  reported: number;
  /** What the report is measured against (the lesson's duration, or else `reported`). */
  duration: number;
  /** A visitor merge: the position is taken only when newer than the stored one, a manual mark only when none. */
  merge?: { at: Date; manual: boolean | null };
}

/** The `announced` part of a write's statement: a NOTIFY naming the learners it wrote for (`learners`, a query of
 *  their `user_id`), so that every process forgets their kept progress reads when it commits; "everyone" when they
 *  are too many for one payload. */
const announceLearners = (learners: SQL) =>
  sql`announced as (
        select pg_notify(${PROGRESS_CHANNEL},
          case when count(distinct user_id) > ${ANNOUNCED_LEARNERS_MAX} then ''
               else coalesce(string_agg(distinct user_id::text, ','), '') end)
        from (${learners}) learners
      )`;

const rowKey = (userId: string, lessonId: string) => `${userId}/${lessonId}`;

/** One array parameter (drizzle would spread a bare array into a list of parameters). */
const array = (values: unknown[]) => sql.param(values);

/**
 * One statement for any number of rows (of distinct learner and lesson; all reports or all merges): each row is
 * created or its ranges united with the report's (PostgreSQL merges overlaps, duplicates and neighbours, in any
 * order), the watched seconds recomputed, the 90% rule applied. Answers each row's state, in the rows' order.
 */
async function upsertRows(db: Db, rows: readonly Upsert[], kind: 'report' | 'merge'): Promise<StateRow[]> {
  // Rows in key order: two statements that share rows lock them in the same order, so they cannot deadlock.
  const sorted = [...rows].sort((a, b) => compareKeys(rowKey(a.userId, a.lessonId), rowKey(b.userId, b.lessonId)));
  const column = <T>(value: (row: Upsert) => T) => array(sorted.map(value));
  const kept = keptRanges(sql`(lesson_progress.ranges + excluded.ranges)`);
  // The threshold is the row's own: `excluded` holds only the table's columns, so it is looked up in the input.
  const threshold = sql`(select i.threshold from input i where i.user_id = excluded.user_id and i.lesson_id = excluded.lesson_id)`;
  const written = await rowsOf<StateRow & { user_id: string; lesson_id: string }>(
    db,
    sql`with input as (
          select * from unnest(${column((r) => r.userId)}::uuid[], ${column((r) => r.lessonId)}::uuid[],
            ${column((r) => r.ranges.literal)}::nummultirange[], ${column((r) => r.ranges.seconds)}::float8[],
            ${column((r) => roundMs(r.position))}::float8[], ${column((r) => r.reported)}::float8[],
            ${column((r) => completionThreshold(r.duration))}::float8[],
            ${column((r) => r.merge?.manual ?? null)}::boolean[],
            ${column((r) => r.merge?.at.toISOString() ?? null)}::timestamptz[])
            as x(user_id, lesson_id, ranges, watched, position, duration, threshold, manual, at)
        ),
        written as (
        insert into lesson_progress (user_id, lesson_id, ranges, watched, position, duration, completed, manual, updated_at)
        select user_id, lesson_id, ranges, watched, position, duration, ${watchedEnough(sql`watched`, sql`threshold`)},
               manual, least(now(), coalesce(at, now()))
        from input
        on conflict (user_id, lesson_id) do update set
          (ranges, watched, completed) = (
            select united, seconds, ${stillCompleted(sql`seconds`, threshold)}
            from (select united, ${coveredSecondsOf(sql`united`)} as seconds from (select ${kept} as united) u) s
          ),
          position = ${newerOf('position', kind)},
          duration = ${newerOf('duration', kind)},
          manual = ${manualMark(kind)},
          updated_at = greatest(lesson_progress.updated_at, excluded.updated_at)
        returning user_id, lesson_id, position, watched, completed, manual
        ),
        ${announceLearners(sql`select user_id from written`)}
        select written.* from written, announced`,
  );
  const byKey = new Map(written.map((row) => [rowKey(row.user_id, row.lesson_id), row]));
  return rows.map((row) => {
    const state = byKey.get(rowKey(row.userId, row.lessonId));
    if (!state) throw new Error('A progress row was not written');
    return state;
  });
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The lesson was deleted between the report's check and its write (the row's lesson key is gone). */
const lessonGone = (err: unknown) =>
  sqlState(err) === '23503' && sqlConstraint(err) === 'lesson_progress_lesson_id_lessons_id_fk';

/** The upsert of reports, batched: concurrent reports (of distinct learner and lesson) share one statement. */
export type ReportWriter = GroupCommit<Upsert, StateRow>;

/** Writes reports through `db` in batches (docs/decisions/0024). One per process and database. */
export function reportWriter(db: Db): ReportWriter {
  return new GroupCommit<Upsert, StateRow>({
    run: (rows) => upsertRows(db, rows, 'report'),
    key: (row) => rowKey(row.userId, row.lessonId),
  });
}

/** After a write that left the lesson completed: the course may now be complete, and its certificate is issued
 *  (once; in `db`, the durable database) before the write answers, so the learner's next read of the course shows it. */
async function afterWrite(db: Db, userId: string, lesson: LessonMeta, state: LessonProgressState) {
  if (state.completed) await issueIfComplete(db, userId, lesson.courseId);
  return state;
}

/** PUT /api/progress/{lessonId}: the player's watched ranges, position and duration, written through `writer`; a
 *  certificate the write earns is issued in `db`. */
export async function reportProgress(
  writer: ReportWriter,
  userId: string,
  lesson: LessonMeta | null,
  body: ProgressReportBody,
  db: Db,
): Promise<LessonProgressState> {
  if (!lesson) throw lessonNotFound();
  const duration = checkReport(lesson, body);
  const row = await writer
    .submit({
      userId,
      lessonId: lesson.id,
      ranges: multirange(body.ranges, duration),
      position: Math.min(body.position, duration),
      reported: body.duration,
      duration,
    })
    .catch((err: unknown) => {
      throw lessonGone(err) ? lessonNotFound() : err;
    });
  return afterWrite(db, userId, lesson, toState(row, duration));
}

/** PUT /api/progress/{lessonId}/complete: the learner's own mark, which wins over the 90% rule either way. */
export async function markComplete(
  db: Db,
  userId: string,
  lesson: LessonMeta | null,
  completed: boolean,
): Promise<LessonProgressState> {
  if (!lesson) throw lessonNotFound();
  const [row] = await rowsOf<StateRow & { duration: number | null }>(
    db,
    sql`with written as (
          insert into lesson_progress (user_id, lesson_id, manual) values (${userId}, ${lesson.id}, ${completed})
          on conflict (user_id, lesson_id) do update set manual = excluded.manual, updated_at = now()
          returning user_id, position, watched, completed, manual, duration
        ),
        ${announceLearners(sql`select user_id from written`)}
        select written.* from written, announced`,
  );
  return afterWrite(db, userId, lesson, toState(row, lesson.duration ?? row.duration));
}

/** POST /api/progress/merge: a visitor's local progress, lesson by lesson; lessons that are gone (or whose
 *  local record does not fit them any more) are skipped and named. */
export async function mergeProgress(
  db: Db,
  userId: string,
  body: MergeBody,
  findLesson: (id: string) => Promise<LessonMeta | null>,
): Promise<MergeResult> {
  const skipped: string[] = [];
  for (const entry of body.lessons) {
    const lesson = await findLesson(entry.lessonId);
    let duration: number;
    try {
      if (!lesson) throw lessonNotFound();
      duration = checkReport(lesson, entry);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      skipped.push(entry.lessonId);
      continue;
    }
    const at = entry.updatedAt !== undefined && Number.isFinite(entry.updatedAt) ? new Date(entry.updatedAt) : null;
    const row: Upsert = {
      userId,
      lessonId: lesson.id,
      ranges: multirange(entry.ranges, duration),
      position: Math.min(entry.position, duration),
      reported: entry.duration,
      duration,
      merge: { at: at && !Number.isNaN(at.getTime()) ? at : new Date(0), manual: entry.completed ?? null },
    };
    try {
      const [state] = await upsertRows(db, [row], 'merge');
      await afterWrite(db, userId, lesson, toState(state, duration));
    } catch (err) {
      if (!lessonGone(err)) throw err;
      skipped.push(entry.lessonId);
    }
  }
  return { merged: body.lessons.length - skipped.length, skipped };
}

// Learning progress (issue 9): what each learner watched of each lesson, as merged ranges, one row per (user,
// lesson) written by one upsert per report; course percentages, counts and the resume point computed in SQL.
// Services know nothing of HTTP: a refusal is a ProgressRefusal of a kind the routes map to a status.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type CourseProgress,
  type LessonProgressState,
  type MergeBody,
  type MergeResult,
  type MyLearning,
  PROGRESS,
  type ProgressReportBody,
  percentOf,
  mergeRanges,
  type Range,
  rangesProblem,
  type ResumePoint,
  resumePosition,
} from '../../../shared/progress';
import { type Db, sqlConstraint, sqlState } from '../../db/client';
import { courses, lessons } from '../../db/schema';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../../lib/list-limits';
import { announceContentChange } from '../../plugins/content-cache';
import { GroupCommit } from './group-commit';
import { ANNOUNCED_LEARNERS_MAX, PROGRESS_CHANNEL } from './progress-cache';

export class ProgressRefusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}
const invalid = (message: string) => new ProgressRefusal('invalid', message);
const lessonNotFound = () => new ProgressRefusal('not-found', 'Lesson not found');

/** What a report needs to know of its lesson: it exists in a published course, and how long it is. */
export interface LessonMeta {
  id: string;
  courseId: string;
  duration: number | null;
}

const published = eq(courses.status, 'published');

/** The lesson, when it is in a published course (readers never see drafts, so they cannot watch one). */
export async function findLessonMeta(db: Db, lessonId: string): Promise<LessonMeta | null> {
  if (!isId(lessonId)) return null;
  const [row] = await db
    .select({ id: lessons.id, courseId: lessons.courseId, duration: lessons.duration })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), published));
  return row ?? null;
}

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres and PGlite) answer raw queries with `{ rows }`.
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/** Milliseconds are enough for a player; numeric keeps the sums exact. */
const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A report's ranges clipped to the lesson and merged, as a PostgreSQL multirange literal (`{[0,10),[20,30)}`)
 *  and the seconds they cover (counted here, in whole milliseconds: the statement then need not count them). */
function multirange(ranges: readonly Range[], duration: number): { literal: string; seconds: number } {
  const merged = mergeRanges(
    ranges.map(([start, end]) => [roundMs(Math.max(0, start)), roundMs(Math.min(end, duration))]),
  );
  const ms = merged.reduce((sum, [start, end]) => sum + Math.round(end * 1000) - Math.round(start * 1000), 0);
  return { literal: `{${merged.map(([start, end]) => `[${start},${end})`).join(',')}}`, seconds: ms / 1000 };
}

/** Seconds covered by a multirange expression. */
const lengthOf = (ranges: SQL) => sql`(select coalesce(sum(upper(r) - lower(r)), 0) from unnest(${ranges}) r)::float8`;

/** The duration a report is measured against: the lesson's when known (a report that disagrees by more than 5% is
 *  refused), else the reported one, which the lesson then keeps (a third-party link's first report). */
function checkReport(lesson: LessonMeta, body: ProgressReportBody): number {
  const known = lesson.duration;
  if (known !== null && Math.abs(body.duration - known) > known * PROGRESS.durationTolerance)
    throw invalid(
      `duration (${body.duration} s) disagrees with the lesson's duration (${known} s) by more than ${PROGRESS.durationTolerance * 100}%`,
    );
  const problem = rangesProblem(body.ranges, body.position, body.duration);
  if (problem) throw invalid(problem);
  return known ?? body.duration;
}

/** Gives a lesson whose duration is unknown the reported one; answers whether it did (the catalogue changed). */
async function learnDuration(db: Db, lesson: LessonMeta, duration: number): Promise<boolean> {
  if (lesson.duration !== null) return false;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(lessons)
      .set({ duration: roundMs(duration) })
      .where(and(eq(lessons.id, lesson.id), sql`${lessons.duration} is null`))
      .returning({ id: lessons.id });
    if (updated.length) await announceContentChange(tx);
    return updated.length > 0;
  });
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
  reported: number;
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
  const united = sql`(lesson_progress.ranges + excluded.ranges)`;
  // The 90% threshold is the row's own: `excluded` holds only the table's columns, so it is looked up in the input.
  const threshold = sql`(select i.threshold from input i where i.user_id = excluded.user_id and i.lesson_id = excluded.lesson_id)`;
  const position =
    kind === 'merge'
      ? sql`case when excluded.updated_at > lesson_progress.updated_at then excluded.position else lesson_progress.position end`
      : sql`excluded.position`;
  const manual =
    kind === 'merge' ? sql`coalesce(lesson_progress.manual, excluded.manual)` : sql`lesson_progress.manual`;
  const written = await rowsOf<StateRow & { user_id: string; lesson_id: string }>(
    db,
    sql`with input as (
          select * from unnest(${column((r) => r.userId)}::uuid[], ${column((r) => r.lessonId)}::uuid[],
            ${column((r) => r.ranges.literal)}::nummultirange[], ${column((r) => r.ranges.seconds)}::float8[],
            ${column((r) => roundMs(r.position))}::float8[], ${column((r) => r.reported)}::float8[],
            ${column((r) => PROGRESS.completeRatio * r.duration)}::float8[],
            ${column((r) => r.merge?.manual ?? null)}::boolean[],
            ${column((r) => r.merge?.at.toISOString() ?? null)}::timestamptz[])
            as x(user_id, lesson_id, ranges, watched, position, duration, threshold, manual, at)
        ),
        written as (
        insert into lesson_progress (user_id, lesson_id, ranges, watched, position, duration, completed, manual, updated_at)
        select user_id, lesson_id, ranges, watched, position, duration, watched >= threshold, manual,
               least(now(), coalesce(at, now()))
        from input
        on conflict (user_id, lesson_id) do update set
          ranges = ${united},
          watched = ${lengthOf(united)},
          position = ${position},
          duration = excluded.duration,
          completed = lesson_progress.completed or ${lengthOf(united)} >= ${threshold},
          manual = ${manual},
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

export interface ReportResult {
  state: LessonProgressState;
  /** The lesson learned its duration from this report: the catalogue's cached reads must go. */
  learnedDuration: boolean;
}

/** PUT /api/progress/{lessonId}: the player's watched ranges, position and duration. `db` is used only when the
 *  lesson learns its duration; the report itself goes through `writer`. */
export async function reportProgress(
  db: Db,
  writer: ReportWriter,
  userId: string,
  lesson: LessonMeta | null,
  body: ProgressReportBody,
): Promise<ReportResult> {
  if (!lesson) throw lessonNotFound();
  const duration = checkReport(lesson, body);
  const learnedDuration = await learnDuration(db, lesson, duration);
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
  return { state: toState(row, duration), learnedDuration };
}

/** PUT /api/progress/{lessonId}/complete: the learner's own mark, which wins over the 90% rule either way. */
export async function markComplete(
  db: Db,
  userId: string,
  lesson: LessonMeta | null,
  completed: boolean,
): Promise<LessonProgressState> {
  if (!lesson) throw lessonNotFound();
  const [row] = await rowsOf<StateRow>(
    db,
    sql`with written as (
          insert into lesson_progress (user_id, lesson_id, manual) values (${userId}, ${lesson.id}, ${completed})
          on conflict (user_id, lesson_id) do update set manual = excluded.manual, updated_at = now()
          returning user_id, position, watched, completed, manual
        ),
        ${announceLearners(sql`select user_id from written`)}
        select written.* from written, announced`,
  );
  return toState(row, lesson.duration);
}

/** POST /api/progress/merge: a visitor's local progress, lesson by lesson; lessons that are gone (or whose
 *  local record does not fit them any more) are skipped and named. */
export async function mergeProgress(
  db: Db,
  userId: string,
  body: MergeBody,
  findLesson: (id: string) => Promise<LessonMeta | null>,
): Promise<MergeResult & { learnedDuration: boolean }> {
  const skipped: string[] = [];
  let learnedDuration = false;
  for (const entry of body.lessons) {
    const lesson = await findLesson(entry.lessonId);
    let duration: number;
    try {
      if (!lesson) throw lessonNotFound();
      duration = checkReport(lesson, entry);
    } catch (err) {
      if (!(err instanceof ProgressRefusal)) throw err;
      skipped.push(entry.lessonId);
      continue;
    }
    learnedDuration = (await learnDuration(db, lesson, duration)) || learnedDuration;
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
      await upsertRows(db, [row], 'merge');
    } catch (err) {
      if (!lessonGone(err)) throw err;
      skipped.push(entry.lessonId);
    }
  }
  return { merged: body.lessons.length - skipped.length, skipped, learnedDuration };
}

// ---- reads ----
// The rules of a course's percent and its resume point, written once for both reads.

/** Per lesson (`l`, with the learner's row `lp`): its weight in its course's percent (its duration; a lesson of
 *  unknown duration weighs the course's average, or 1 s when none is known), whether it is done, and how much of
 *  it was watched. */
const lessonRules = sql`coalesce(l.duration, avg(l.duration) over (partition by l.course_id), 1) as weight,
  coalesce(lp.manual, lp.completed, false) as done,
  case when l.duration > 0 then least(1, coalesce(lp.watched, 0) / l.duration) else 0 end as fraction`;

/** Over a course's lessons: the percent, a completed lesson counting whole. */
const coursePercent = sql`(100 * sum(weight * case when done then 1 else fraction end) / nullif(sum(weight), 0))::float8`;

/** The lessons (`cl`) in the order of where to resume, given the one touched last (`lt`): that one unless it is
 *  done, else the next one not done after it, else the first one not done (the caller keeps only those not done). */
const resumeOrder = sql`(cl.id = lt.id) desc, (cl.ord > lt.ord) desc, cl.ord, cl.id`;

interface SummaryRow {
  course_id: string;
  title: string;
  cover: string;
  updated_ms: number;
  percent: number;
  completed_lessons: number;
  total_lessons: number;
  resume_id: string | null;
  resume_title: string | null;
  resume_at: number | null;
  resume_duration: number | null;
}

/** Per course the learner has progress in: the percent, the completed and total lessons, and where to resume. */
function summaries(db: Db, userId: string): Promise<SummaryRow[]> {
  return rowsOf<SummaryRow>(
    db,
    sql`with mine as (
          select l.course_id, max(lp.updated_at) as updated_at
          from lesson_progress lp join lessons l on l.id = lp.lesson_id
          where lp.user_id = ${userId}
          group by l.course_id
        ),
        course_lessons as (
          select l.id, l.course_id, l.title, l.position as ord, l.duration, lp.position as at, lp.updated_at,
            ${lessonRules}
          from mine m join lessons l on l.course_id = m.course_id
          left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
        ),
        summary as (
          select course_id, ${coursePercent} as percent,
            (count(*) filter (where done))::int as completed_lessons,
            count(*)::int as total_lessons
          from course_lessons group by course_id
        ),
        last_touched as (
          select distinct on (course_id) course_id, id, ord
          from course_lessons where updated_at is not null
          order by course_id, updated_at desc, id
        )
        select c.id as course_id, c.title, c.cover,
          (extract(epoch from m.updated_at) * 1000)::float8 as updated_ms,
          coalesce(s.percent, 0) as percent, s.completed_lessons, s.total_lessons,
          r.id as resume_id, r.title as resume_title, r.at as resume_at, r.duration as resume_duration
        from mine m
        join courses c on c.id = m.course_id and c.status = 'published'
        join summary s on s.course_id = m.course_id
        join last_touched lt on lt.course_id = m.course_id
        left join lateral (
          select cl.id, cl.title, cl.duration, coalesce(cl.at, 0) as at
          from course_lessons cl
          where cl.course_id = m.course_id and not cl.done
          order by ${resumeOrder}
          limit 1
        ) r on true
        order by m.updated_at desc, c.id
        limit ${LIST_MAX}`,
  );
}

const roundPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

const toResume = (
  row: Pick<SummaryRow, 'resume_id' | 'resume_title' | 'resume_at' | 'resume_duration'>,
): ResumePoint | null =>
  row.resume_id
    ? {
        lessonId: row.resume_id,
        title: row.resume_title ?? '',
        position: resumePosition(row.resume_at ?? 0, row.resume_duration),
      }
    : null;

/** GET /api/progress: the learner's courses, most recent first. */
export async function myLearning(db: Db, userId: string): Promise<MyLearning> {
  const rows = await summaries(db, userId);
  return {
    courses: rows.map((row) => ({
      course: { _id: row.course_id, title: row.title, cover: row.cover },
      percent: roundPercent(row.percent),
      resume: toResume(row),
      updatedAt: new Date(row.updated_ms).toISOString(),
    })),
  };
}

/** One row per lesson (or one with no lesson for a course without any), each carrying the course's summary. */
interface CourseLessonRow {
  percent: number | null;
  completed_lessons: number;
  resume_id: string | null;
  resume_title: string | null;
  resume_at: number | null;
  resume_duration: number | null;
  id: string | null;
  duration: number | null;
  watched: number | null;
  position: number | null;
  done: boolean | null;
}

/** GET /api/progress/course/{courseId}, in one statement; null when there is no such published course. */
export async function courseProgress(db: Db, userId: string, courseId: string): Promise<CourseProgress | null> {
  if (!isId(courseId)) return null;
  const rows = await rowsOf<CourseLessonRow>(
    db,
    sql`with course_lessons as (
          select l.id, l.title, l.position as ord, l.duration, lp.watched, lp.position as at, lp.updated_at,
            ${lessonRules}
          from courses c
          join lessons l on l.course_id = c.id
          left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
          where c.id = ${courseId} and c.status = 'published'
        ),
        summary as (
          select ${coursePercent} as percent, (count(*) filter (where done))::int as completed_lessons
          from course_lessons
        ),
        last_touched as (
          select id, ord from course_lessons where updated_at is not null order by updated_at desc, id limit 1
        ),
        resume as (
          select cl.id, cl.title, cl.duration, coalesce(cl.at, 0) as at
          from course_lessons cl, last_touched lt
          where not cl.done
          order by ${resumeOrder}
          limit 1
        )
        select s.percent, s.completed_lessons,
          r.id as resume_id, r.title as resume_title, r.at as resume_at, r.duration as resume_duration,
          cl.id, cl.duration, cl.watched, cl.at as position, cl.done
        from courses c
        cross join summary s
        left join resume r on true
        left join lateral (select * from course_lessons order by ord, id limit ${LIST_MAX}) cl on true
        where c.id = ${courseId} and c.status = 'published'
        order by cl.ord, cl.id`,
  );
  const [first] = rows;
  if (!first) return null;
  const lessonRows = rows.filter((row) => row.id !== null);
  return {
    percent: roundPercent(first.percent ?? 0),
    completedLessons: first.completed_lessons,
    totalLessons: lessonRows.length,
    lessons: lessonRows.map((row) => ({
      _id: row.id as string,
      percent: percentOf(row.watched ?? 0, row.duration),
      completed: row.done ?? false,
      position: row.position ?? 0,
    })),
    resume: toResume(first),
  };
}

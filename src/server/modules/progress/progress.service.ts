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
import type { Db } from '../../db/client';
import { courses, lessons } from '../../db/schema';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../../lib/list-limits';
import { announceContentChange } from '../../plugins/content-cache';

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

/** One statement: the row is created or its ranges united with the report's (PostgreSQL merges overlaps,
 *  duplicates and neighbours, in any order), the watched seconds recomputed, the 90% rule applied. */
async function upsert(db: Db, u: Upsert): Promise<StateRow> {
  const incoming = sql`${u.ranges.literal}::nummultirange`;
  const united = sql`(lesson_progress.ranges + excluded.ranges)`;
  const threshold = PROGRESS.completeRatio * u.duration;
  const at = u.merge ? sql`least(now(), ${u.merge.at.toISOString()}::timestamptz)` : sql`now()`;
  const position = u.merge
    ? sql`case when excluded.updated_at > lesson_progress.updated_at then excluded.position else lesson_progress.position end`
    : sql`excluded.position`;
  const manual = u.merge ? sql`coalesce(lesson_progress.manual, excluded.manual)` : sql`lesson_progress.manual`;
  const [row] = await rowsOf<StateRow>(
    db,
    sql`insert into lesson_progress (user_id, lesson_id, ranges, watched, position, duration, completed, manual, updated_at)
        values (${u.userId}, ${u.lessonId}, ${incoming}, ${u.ranges.seconds}, ${roundMs(u.position)}, ${u.reported},
                ${u.ranges.seconds >= threshold}, ${u.merge?.manual ?? null}::boolean, ${at})
        on conflict (user_id, lesson_id) do update set
          ranges = ${united},
          watched = ${lengthOf(united)},
          position = ${position},
          duration = excluded.duration,
          completed = lesson_progress.completed or ${lengthOf(united)} >= ${threshold},
          manual = ${manual},
          updated_at = greatest(lesson_progress.updated_at, excluded.updated_at)
        returning position, watched, completed, manual`,
  );
  return row;
}

export interface ReportResult {
  state: LessonProgressState;
  /** The lesson learned its duration from this report: the catalogue's cached reads must go. */
  learnedDuration: boolean;
}

/** PUT /api/progress/{lessonId}: the player's watched ranges, position and duration. */
export async function reportProgress(
  db: Db,
  userId: string,
  lesson: LessonMeta | null,
  body: ProgressReportBody,
): Promise<ReportResult> {
  if (!lesson) throw lessonNotFound();
  const duration = checkReport(lesson, body);
  const learnedDuration = await learnDuration(db, lesson, duration);
  const row = await upsert(db, {
    userId,
    lessonId: lesson.id,
    ranges: multirange(body.ranges, duration),
    position: Math.min(body.position, duration),
    reported: body.duration,
    duration,
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
    sql`insert into lesson_progress (user_id, lesson_id, manual) values (${userId}, ${lesson.id}, ${completed})
        on conflict (user_id, lesson_id) do update set manual = excluded.manual, updated_at = now()
        returning position, watched, completed, manual`,
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
    await upsert(db, {
      userId,
      lessonId: lesson.id,
      ranges: multirange(entry.ranges, duration),
      position: Math.min(entry.position, duration),
      reported: entry.duration,
      duration,
      merge: { at: at && !Number.isNaN(at.getTime()) ? at : new Date(0), manual: entry.completed ?? null },
    });
  }
  return { merged: body.lessons.length - skipped.length, skipped, learnedDuration };
}

// ---- reads ----

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

/**
 * Per course the learner has progress in (or only `courseId`): the percent, each lesson counted by its duration
 * (a completed lesson counts whole; a lesson of unknown duration weighs the course's average), the completed and
 * total lessons, and where to resume: the lesson touched last unless it is done, else the next lesson not done
 * after it, else the first not done (each at its saved position); none when every lesson is done.
 */
function summaries(db: Db, userId: string, courseId?: string): Promise<SummaryRow[]> {
  const onlyCourse = courseId ? sql`and l.course_id = ${courseId}` : sql``;
  return rowsOf<SummaryRow>(
    db,
    sql`with mine as (
          select l.course_id, max(lp.updated_at) as updated_at
          from lesson_progress lp join lessons l on l.id = lp.lesson_id
          where lp.user_id = ${userId} ${onlyCourse}
          group by l.course_id
        ),
        course_lessons as (
          select l.id, l.course_id, l.title, l.position as ord, l.duration,
            coalesce(l.duration, avg(l.duration) over (partition by l.course_id), 1) as weight,
            coalesce(lp.manual, lp.completed, false) as done,
            case when l.duration > 0 then least(1, coalesce(lp.watched, 0) / l.duration) else 0 end as fraction,
            lp.position as at, lp.updated_at
          from mine m join lessons l on l.course_id = m.course_id
          left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
        ),
        summary as (
          select course_id,
            (100 * sum(weight * case when done then 1 else fraction end) / nullif(sum(weight), 0))::float8 as percent,
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
          order by (cl.id = lt.id) desc, (cl.ord > lt.ord) desc, cl.ord, cl.id
          limit 1
        ) r on true
        order by m.updated_at desc, c.id
        limit ${LIST_MAX}`,
  );
}

const roundPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

const toResume = (row: SummaryRow): ResumePoint | null =>
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

interface LessonRow {
  id: string;
  duration: number | null;
  watched: number | null;
  position: number | null;
  done: boolean;
}

/** GET /api/progress/course/{courseId}; null when there is no such published course. */
export async function courseProgress(db: Db, userId: string, courseId: string): Promise<CourseProgress | null> {
  if (!isId(courseId)) return null;
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), published));
  if (!course) return null;
  const [lessonRows, [summary]] = await Promise.all([
    rowsOf<LessonRow>(
      db,
      sql`select l.id, l.duration, lp.watched, lp.position, coalesce(lp.manual, lp.completed, false) as done
          from lessons l left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
          where l.course_id = ${course.id}
          order by l.position, l.id
          limit ${LIST_MAX}`,
    ),
    summaries(db, userId, course.id),
  ]);
  return {
    percent: summary ? roundPercent(summary.percent) : 0,
    completedLessons: summary?.completed_lessons ?? 0,
    totalLessons: lessonRows.length,
    lessons: lessonRows.map((row) => ({
      _id: row.id,
      percent: percentOf(row.watched ?? 0, row.duration),
      completed: row.done,
      position: row.position ?? 0,
    })),
    resume: summary ? toResume(summary) : null,
  };
}

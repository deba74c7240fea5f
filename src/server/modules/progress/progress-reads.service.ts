// The learner's progress as the pages read it: per course the percent, the completed lessons and where to resume
// (GET /api/progress), and per lesson of one course with its practice items passed (GET
// /api/progress/course/{courseId}), each in one statement built from the rules in progress-rules-sql.ts.
import { sql } from 'drizzle-orm';
import {
  type CourseProgress,
  type MyLearning,
  percentOf,
  type ResumePoint,
  resumePosition,
  roundPercent,
} from '../../../shared/progress';
import { type Db, rowsOf } from '../../db/client';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../../lib/list-limits';
import { lessonPublishedSql } from '../../lib/reader-visibility';
import {
  courseComplete,
  coursePercent,
  lessonPractice,
  lessonRules,
  measuredDuration,
  practiceItemCounts,
  resumeOrder,
} from './progress-rules-sql';
import { certificateLinkOf } from '../certificates';

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
          from lesson_progress lp join lessons l on l.id = lp.lesson_id and ${lessonPublishedSql}
          where lp.user_id = ${userId}
          group by l.course_id
        ),
        course_lessons as (
          select l.id, l.course_id, l.title, l.position as ord, ${measuredDuration} as duration, lp.position as at,
            lp.updated_at,
            ${lessonRules}
          from mine m join lessons l on l.course_id = m.course_id and ${lessonPublishedSql}
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
  practice_passed: number;
  practice_total: number;
  course_complete: boolean;
  id: string | null;
  duration: number | null;
  watched: number | null;
  position: number | null;
  done: boolean | null;
  lesson_practice_passed: number | null;
  lesson_practice_total: number | null;
}

/** GET /api/progress/course/{courseId}, in one statement; null when there is no such published course. */
export async function courseProgress(db: Db, userId: string, courseId: string): Promise<CourseProgress | null> {
  if (!isId(courseId)) return null;
  const certificate = certificateLinkOf(db, userId, courseId);
  const rows = await rowsOf<CourseLessonRow>(
    db,
    sql`with course_lessons as (
          select l.id, l.title, l.position as ord, ${measuredDuration} as duration, lp.watched, lp.position as at,
            lp.updated_at,
            ${lessonRules}
          from courses c
          join lessons l on l.course_id = c.id and ${lessonPublishedSql}
          left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
          where c.id = ${courseId} and c.status = 'published'
        ),
        lesson_practice as (
          select ${lessonPractice}
          from course_lessons l
          join practice_items pi on pi.lesson_id = l.id and ${practiceItemCounts}
          left join practice_progress pp on pp.item_id = pi.id and pp.user_id = ${userId}
          group by l.id
        ),
        summary as (
          select ${coursePercent} as percent, (count(*) filter (where done))::int as completed_lessons,
            (count(*) filter (where not done))::int as lessons_to_do
          from course_lessons
        ),
        practice_summary as (
          select coalesce(sum(passed), 0)::int as passed, coalesce(sum(total), 0)::int as total from lesson_practice
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
          ps.passed as practice_passed, ps.total as practice_total,
          ${courseComplete({ done: sql`s.completed_lessons`, notDone: sql`s.lessons_to_do`, passed: sql`ps.passed`, total: sql`ps.total` })} as course_complete,
          r.id as resume_id, r.title as resume_title, r.at as resume_at, r.duration as resume_duration,
          cl.id, cl.duration, cl.watched, cl.at as position, cl.done,
          coalesce(lpr.passed, 0) as lesson_practice_passed, coalesce(lpr.total, 0) as lesson_practice_total
        from courses c
        cross join summary s
        cross join practice_summary ps
        left join resume r on true
        left join lateral (select * from course_lessons order by ord, id limit ${LIST_MAX}) cl on true
        left join lesson_practice lpr on lpr.lesson_id = cl.id
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
      practice: { passed: row.lesson_practice_passed ?? 0, total: row.lesson_practice_total ?? 0 },
    })),
    resume: toResume(first),
    practice: { passed: first.practice_passed, total: first.practice_total },
    courseComplete: first.course_complete,
    certificate: await certificate,
  };
}

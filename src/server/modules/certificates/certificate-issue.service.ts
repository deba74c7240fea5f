// Issuing a certificate: once per learner and course, when the course becomes complete. Completeness is the rule of
// the learning progress (progress-rules-sql: a lesson done, a practice item counted, the course complete), applied
// here in one statement (`courseCompletion`) to a published course: every published lesson done (the learner's own mark, else
// the 90% rule) and every counted practice item of its lessons passed. A course without lessons is never complete.
import { certificateIssued } from '../notifications';
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { CERTIFICATES } from '../../../shared/certificates';
import type { Db } from '../../db/client';
import { isId } from '../../lib/ids';
import { lessonPublishedSql } from '../../lib/reader-visibility';
import { courseComplete, lessonDone, practiceItemCounts } from '../progress';

/** A new code: 128 random bits, base64url (22 characters). */
export const newCertificateCode = () => randomBytes(CERTIFICATES.codeBytes).toString('base64url');

/**
 * The learner's standing in the course, as one row (none when the course is not published): `complete`, and the
 * facts a certificate freezes: `lessons`, `watched` (seconds of the learner's merged watched ranges), the exercises
 * and quizzes passed.
 */
export const courseCompletion = (userId: string, courseId: string): SQL =>
  sql`with course as (
        select c.id, c.title from courses c where c.id = ${courseId} and c.status = 'published'
      ),
      lesson_facts as (
        select count(l.id)::int as lessons,
          (count(l.id) filter (where ${lessonDone}))::int as done,
          coalesce(sum(lp.watched), 0)::float8 as watched
        from course c
        join lessons l on l.course_id = c.id and ${lessonPublishedSql}
        left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
      ),
      practice_facts as (
        select count(pi.id)::int as items,
          count(pp.passed_at)::int as passed,
          (count(pp.passed_at) filter (where pi.kind = 'exercise'))::int as exercises,
          (count(pp.passed_at) filter (where pi.kind = 'quiz'))::int as quizzes
        from course c
        join lessons l on l.course_id = c.id and ${lessonPublishedSql}
        join practice_items pi on pi.lesson_id = l.id and ${practiceItemCounts}
        left join practice_progress pp on pp.item_id = pi.id and pp.user_id = ${userId} and pp.passed_at is not null
      )
      select c.id as course_id, c.title, lf.lessons, lf.watched, pf.exercises, pf.quizzes,
        ${courseComplete({ done: sql`lf.done`, notDone: sql`lf.lessons - lf.done`, passed: sql`pf.passed`, total: sql`pf.items` })} as complete
      from course c, lesson_facts lf, practice_facts pf`;

/** Pairs (user/course) that have a certificate, per database: a report after the course is complete asks nothing. */
const issued = new WeakMap<object, Set<string>>();
const ISSUED_KEPT_MAX = 50_000;

function issuedSet(db: Db): Set<string> {
  let set = issued.get(db);
  if (!set) {
    set = new Set();
    issued.set(db, set);
  }
  return set;
}

/**
 * Issues the learner's certificate of the course if the course is complete and they have none: call it after any
 * write that may complete a course (a lesson report or mark, a practice pass). Idempotent and safe when called twice
 * at once: one statement inserts, and the unique (user, course) index makes the second insert do nothing. Answers the
 * code of the certificate issued by this call, or null (not complete, or issued before).
 */
export async function issueIfComplete(db: Db, userId: string, courseId: string): Promise<string | null> {
  if (!isId(userId) || !isId(courseId)) return null;
  const key = `${userId}/${courseId}`;
  const known = issuedSet(db);
  if (known.has(key)) return null;
  const result = (await db.execute(
    sql`with facts as (${courseCompletion(userId, courseId)}),
        inserted as (
          insert into certificates (code, user_id, course_id, learner_name, course_title, lessons, hours_watched,
            exercises_passed, quizzes_passed)
          select ${newCertificateCode()}, u.id, f.course_id, u.name, f.title, f.lessons,
            round((f.watched / 3600)::numeric, 1)::float8, f.exercises, f.quizzes
          from facts f join users u on u.id = ${userId}
          where f.complete
          on conflict (user_id, course_id) do nothing
          returning code
        )
        select (select code from inserted) as code,
          exists (select 1 from certificates where user_id = ${userId} and course_id = ${courseId}) as existed`,
  )) as { rows: { code: string | null; existed: boolean }[] };
  const [row] = result.rows;
  // The learner hears of it (in the page, and by mail as they chose).
  if (row?.code) await certificateIssued(db, { code: row.code });
  if (row?.code || row?.existed) {
    if (known.size >= ISSUED_KEPT_MAX) known.clear();
    known.add(key);
  }
  return row?.code ?? null;
}

/** Whether the learner has completed the course (published), by the rule above. */
export async function isCourseComplete(db: Db, userId: string, courseId: string): Promise<boolean> {
  if (!isId(userId) || !isId(courseId)) return false;
  const result = (await db.execute(courseCompletion(userId, courseId))) as { rows: { complete: boolean }[] };
  return result.rows[0]?.complete ?? false;
}

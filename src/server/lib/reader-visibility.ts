// What readers see of courses and lessons: published courses, and the published lessons of published courses. A
// lesson added to a published course is a draft until it is published; drafts live in the Studio.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { courses, lessons } from '../db/schema';

/** A course readers see. */
export const coursePublished: SQL = eq(courses.status, 'published');

/** A lesson readers see, with `courses` joined on its course. */
export const lessonVisible: SQL = and(eq(lessons.status, 'published'), coursePublished) as SQL;

/** In raw SQL, a lesson under the alias `l` readers see when its course is (its course's status checked apart). */
export const lessonPublishedSql = sql`l.status = 'published'`;

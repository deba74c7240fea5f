// Courses and their ordered lessons.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CourseCard, CourseWithLessons, Lesson, LessonPage } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { courses, lessons } from '../../db/schema';
import { highlightCode } from '../../lib/highlight';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../../lib/list-limits';
import { coursePublished, lessonPublishedSql, lessonVisible } from '../../lib/reader-visibility';

// Readers see published courses, and the published lessons of published courses, only; drafts live in the Studio.
const published = coursePublished;
const courseColumns = { _id: courses.id, title: courses.title, description: courses.description, cover: courses.cover };
const lessonColumns = {
  _id: lessons.id,
  title: lessons.title,
  link: lessons.link,
  description: lessons.description,
  captions: lessons.captions,
  duration: lessons.duration,
};

// Descriptions come back with their code blocks highlighted (decision 0017); the read cache keeps the result.
const withDescription = async <T extends { description: string }>(row: T): Promise<T> => ({
  ...row,
  description: await highlightCode(row.description),
});

export async function listCourses(db: Db): Promise<CourseCard[]> {
  const rows = await db
    .select({
      ...courseColumns,
      // Qualified by hand: inside the subquery Drizzle would name the columns bare, and "id" would mean the lesson's.
      lessonCount: sql<number>`(select count(*)::int from lessons l where l.course_id = "courses"."id" and ${lessonPublishedSql})`,
      duration: sql<number>`(select coalesce(sum(l.duration), 0)::float8 from lessons l where l.course_id = "courses"."id" and ${lessonPublishedSql})`,
    })
    .from(courses)
    .where(published)
    .orderBy(asc(courses.position), asc(courses.id))
    .limit(LIST_MAX);
  return Promise.all(rows.map(withDescription));
}

async function listLessons(db: Db, courseId: string): Promise<Lesson[]> {
  const rows = await db
    .select(lessonColumns)
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.courseId, courseId), lessonVisible))
    .orderBy(asc(lessons.position), asc(lessons.id))
    .limit(LIST_MAX);
  return Promise.all(rows.map(withDescription));
}

export async function getCourseWithLessons(db: Db, courseId: string): Promise<CourseWithLessons | null> {
  if (!isId(courseId)) return null;
  const [course] = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.id, courseId), published));
  if (!course) return null;
  return { ...(await withDescription(course)), lessonlist: await listLessons(db, courseId) };
}

/** As specified: `course[0]` is the lesson shown, `lessionList` the course's lessons in order. */
export async function getLessonPage(db: Db, courseId: string, lessonId: string): Promise<LessonPage | null> {
  if (!isId(courseId) || !isId(lessonId)) return null;
  const lessonList = await listLessons(db, courseId);
  const current = lessonList.find((l) => l._id === lessonId.toLowerCase());
  if (!current) return null;
  const [changed] = await db.select({ updatedAt: lessons.updatedAt }).from(lessons).where(eq(lessons.id, current._id));
  // Deleted between the two reads: gone, as if the first had missed it.
  if (!changed) return null;
  return { course: [current], lessionList: lessonList, updatedAt: changed.updatedAt.toISOString() };
}

/** True when readers see the lesson: it is published, in a published course (comments hang off it). */
export async function lessonExists(db: Db, lessonId: string): Promise<boolean> {
  if (!isId(lessonId)) return false;
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), lessonVisible));
  return Boolean(row);
}

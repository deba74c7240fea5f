// What search engines and feed readers are told about: every public, published page with its last change,
// read in one query per kind. Drafts (draft lessons, and the lessons of draft courses too) are never listed.
import { desc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogs, courses, lessons, tutorials } from '../../db/schema';
import { lessonVisible } from '../../lib/reader-visibility';

export interface SitemapEntry {
  /** Path from the site's root, percent-encoded as the web app links it. */
  path: string;
  lastmod: Date;
}

const seg = encodeURIComponent;
const latest = (dates: Date[], fallback: Date) =>
  dates.reduce((a, b) => (b.getTime() > a.getTime() ? b : a), dates[0] ?? fallback);

export async function listPublicPages(db: Db, now = new Date()): Promise<SitemapEntry[]> {
  const [courseRows, lessonRows, tutorialRows, blogRows] = await Promise.all([
    db
      .select({ id: courses.id, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.status, 'published'))
      .orderBy(courses.position, courses.id),
    db
      .select({ id: lessons.id, courseId: lessons.courseId, updatedAt: lessons.updatedAt })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(lessonVisible)
      .orderBy(courses.position, lessons.position, lessons.id),
    db
      .select({ id: tutorials.id, updatedAt: tutorials.updatedAt })
      .from(tutorials)
      .where(eq(tutorials.status, 'published'))
      .orderBy(tutorials.position, tutorials.id),
    db
      .select({ id: blogs.id, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(eq(blogs.status, 'published'))
      .orderBy(desc(blogs.date), desc(blogs.id)),
  ]);
  const courseDates = [...courseRows, ...lessonRows].map((row) => row.updatedAt);
  const tutorialDates = tutorialRows.map((row) => row.updatedAt);
  const blogDates = blogRows.map((row) => row.updatedAt);
  // A list changes when any of its items does; the home page shows courses, tutorials and posts.
  const all = [...courseDates, ...tutorialDates, ...blogDates];
  return [
    { path: '/', lastmod: latest(all, now) },
    { path: '/course', lastmod: latest(courseDates, now) },
    ...courseRows.map((row) => ({ path: `/course/${seg(row.id)}`, lastmod: row.updatedAt })),
    ...lessonRows.map((row) => ({ path: `/course/${seg(row.courseId)}/${seg(row.id)}`, lastmod: row.updatedAt })),
    { path: '/tutorial', lastmod: latest(tutorialDates, now) },
    ...tutorialRows.map((row) => ({ path: `/tutorial/${seg(row.id)}`, lastmod: row.updatedAt })),
    { path: '/blog/', lastmod: latest(blogDates, now) },
    ...blogRows.map((row) => ({ path: `/blog/${seg(row.id)}`, lastmod: row.updatedAt })),
    { path: '/contact', lastmod: latest(all, now) },
  ];
}

/** When the blog last changed (the feed's lastBuildDate). */
export async function blogLastChange(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(blogs.updatedAt) })
    .from(blogs)
    .where(eq(blogs.status, 'published'));
  return row?.at ?? null;
}

import { and, desc, eq } from 'drizzle-orm';
import type { Blog } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { blogs } from '../../db/schema';
import { highlightCode } from '../../lib/highlight';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../../lib/list-limits';

// Readers see published posts only; a published post always has its first publish date.
const published = eq(blogs.status, 'published');
type BlogRow = { _id: string; title: string; content: string; date: Date | null; createdAt: Date };
const columns = {
  _id: blogs.id,
  title: blogs.title,
  content: blogs.content,
  date: blogs.date,
  createdAt: blogs.createdAt,
};
// Code blocks come back highlighted (decision 0017); the read cache keeps the result.
const toBlog = async ({ createdAt, ...row }: BlogRow): Promise<Blog> => ({
  ...row,
  content: await highlightCode(row.content),
  date: (row.date ?? createdAt).toISOString(),
});

/** Newest first. */
export async function listBlogs(db: Db): Promise<Blog[]> {
  const rows = await db
    .select(columns)
    .from(blogs)
    .where(published)
    .orderBy(desc(blogs.date), desc(blogs.id))
    .limit(LIST_MAX);
  return Promise.all(rows.map(toBlog));
}

/** The specified call answers an array whose first item is the post. */
export async function getBlog(db: Db, id: string): Promise<Blog[] | null> {
  if (!isId(id)) return null;
  const rows = await db
    .select(columns)
    .from(blogs)
    .where(and(eq(blogs.id, id), published));
  return rows.length ? Promise.all(rows.map(toBlog)) : null;
}

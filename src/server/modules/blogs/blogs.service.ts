import { desc, eq } from 'drizzle-orm';
import type { Blog } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { blogs } from '../../db/schema';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../courses/courses.service';

type BlogRow = { _id: string; title: string; content: string; date: Date };
const columns = { _id: blogs.id, title: blogs.title, content: blogs.content, date: blogs.date };
const toBlog = (row: BlogRow): Blog => ({ ...row, date: row.date.toISOString() });

/** Newest first. */
export async function listBlogs(db: Db): Promise<Blog[]> {
  const rows = await db.select(columns).from(blogs).orderBy(desc(blogs.date), desc(blogs.id)).limit(LIST_MAX);
  return rows.map(toBlog);
}

/** SPEC §7 answers an array whose first item is the post. */
export async function getBlog(db: Db, id: string): Promise<Blog[] | null> {
  if (!isId(id)) return null;
  const rows = await db.select(columns).from(blogs).where(eq(blogs.id, id));
  return rows.length ? rows.map(toBlog) : null;
}

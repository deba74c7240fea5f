// Studio blog posts: every post (drafts too); create, versioned edits, publish/unpublish, delete, through the calls
// posts share with tutorials (content-items.ts). A post's `date` is its FIRST publish: set when it is first
// published and kept through later unpublishing and republishing.
import { desc, eq, sql } from 'drizzle-orm';
import type { CreateBlogBody, PatchBlogBody, StudioBlog } from '../../../shared/studio';
import type { Db } from '../../db/client';
import { blogs, users } from '../../db/schema';
import { authorOf, iso, readOne } from './content-write';
import { blogPublished } from '../notifications';
import { type ContentKind, createItem, deleteItem, updateItem } from './content-items';
import type { Editor } from './studio-access';
import { versionsOf } from './working-copy';
import { STUDIO_LIST_MAX } from './studio-courses.service';

const columns = {
  id: blogs.id,
  title: blogs.title,
  content: blogs.content,
  date: blogs.date,
  status: blogs.status,
  version: blogs.version,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
  authorId: blogs.authorId,
  authorName: users.name,
  working: blogs.working,
};
const selectBlogs = (db: Db) => db.select(columns).from(blogs).leftJoin(users, eq(users.id, blogs.authorId));
type BlogRow = Awaited<ReturnType<typeof selectBlogs>>[number];

const toBlog = (item: BlogRow): StudioBlog => {
  const { shown: row, updatedAt, ...versions } = versionsOf(item, item.status === 'published');
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    date: row.date ? iso(row.date) : null,
    status: row.status,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt,
    author: authorOf(row),
    ...versions,
  };
};

/** Every post, drafts too, newest first (a post never published counts from its creation). */
export async function listStudioBlogs(db: Db): Promise<StudioBlog[]> {
  const rows = await selectBlogs(db)
    .orderBy(desc(sql`coalesce(${blogs.date}, ${blogs.createdAt})`), desc(blogs.id))
    .limit(STUDIO_LIST_MAX);
  return rows.map(toBlog);
}

export async function getStudioBlog(db: Db, id: string): Promise<StudioBlog> {
  return toBlog(await readOne('blog post', id, () => selectBlogs(db).where(eq(blogs.id, id))));
}

const BLOG: ContentKind<typeof blogs, StudioBlog, CreateBlogBody> = {
  table: blogs,
  name: 'blog post',
  entity: 'blog',
  get: getStudioBlog,
  created: (_body, status) => (status === 'published' ? { date: sql`now()` } : {}),
  // The first publish date stays once set.
  saved: (_body, status) => (status === 'published' ? { date: sql`coalesce(${blogs.date}, now())` } : {}),
  // Those who turned blog notifications on hear of a post's first publish.
  onPublish: (tx, id, editor) => blogPublished(tx, { blogId: id, authorId: editor.id }),
};

export const createBlog = (db: Db, editor: Editor, body: CreateBlogBody) => createItem(db, editor, BLOG, body);
export const updateBlog = (db: Db, editor: Editor, id: string, body: PatchBlogBody) =>
  updateItem(db, editor, BLOG, id, body);
export const deleteBlog = (db: Db, editor: Editor, id: string) => deleteItem(db, editor, BLOG, id);

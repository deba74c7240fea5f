// Studio blog posts: every post (drafts too); create, versioned edits, publish/unpublish, delete. A post's `date`
// is its FIRST publish: set when it is first published and kept through later unpublishing and republishing.
// Each write is one transaction with its audit row and the cache NOTIFY (content-write.ts).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreateBlogBody, PatchBlogBody, StudioBlog } from '../../../shared/studio';
import type { Db } from '../../db/client';
import { blogs, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { isId } from '../../lib/ids';
import { isBlankAuthoredHtml, sanitizeAuthoredHtml, sanitizeTitle } from '../../lib/sanitize';
import { contentWrite, iso, saveAction } from './content-write';
import { assertMayChange, type Editor, invalid, notFound, staleVersion } from './studio-access';
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
};
const selectBlogs = (db: Db) => db.select(columns).from(blogs).leftJoin(users, eq(users.id, blogs.authorId));
type BlogRow = Awaited<ReturnType<typeof selectBlogs>>[number];

const toBlog = (row: BlogRow): StudioBlog => ({
  _id: row.id,
  title: row.title,
  content: row.content,
  date: row.date ? iso(row.date) : null,
  status: row.status,
  version: row.version,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  author: row.authorId ? { _id: row.authorId, name: row.authorName ?? '' } : null,
});

const emptyContent = () =>
  invalid('content is empty: a published blog post needs content (save it as a draft until then)');

const cleanTitle = (title: string) => {
  const clean = sanitizeTitle(title);
  if (!clean) throw invalid('title is required');
  return clean;
};

/** The first publish date stays once set. */
const firstPublishDate = sql`coalesce(${blogs.date}, now())`;

/** Every post, drafts too, newest first (a post never published counts from its creation). */
export async function listStudioBlogs(db: Db): Promise<StudioBlog[]> {
  const rows = await selectBlogs(db)
    .orderBy(desc(sql`coalesce(${blogs.date}, ${blogs.createdAt})`), desc(blogs.id))
    .limit(STUDIO_LIST_MAX);
  return rows.map(toBlog);
}

export async function getStudioBlog(db: Db, id: string): Promise<StudioBlog> {
  if (!isId(id)) throw notFound('blog post');
  const [row] = await selectBlogs(db).where(eq(blogs.id, id));
  if (!row) throw notFound('blog post');
  return toBlog(row);
}

export async function createBlog(db: Db, editor: Editor, body: CreateBlogBody): Promise<StudioBlog> {
  const title = cleanTitle(body.title);
  const content = sanitizeAuthoredHtml(body.content);
  const status = body.status ?? 'draft';
  if (status === 'published' && isBlankAuthoredHtml(content)) throw emptyContent();
  return contentWrite(db, async (tx) => {
    const [row] = await tx
      .insert(blogs)
      .values({
        title,
        content,
        status,
        authorId: editor.id,
        ...(status === 'published' && { date: sql`now()` }),
      })
      .returning({ id: blogs.id });
    await recordAudit(tx, { actor: editor, action: 'create', entity: 'blog', entityId: row.id, afterTitle: title });
    return getStudioBlog(tx, row.id);
  });
}

/** Any subset of the fields on the version the editor saw; a stale version is refused, the row left untouched. */
export async function updateBlog(db: Db, editor: Editor, id: string, body: PatchBlogBody): Promise<StudioBlog> {
  if (!isId(id)) throw notFound('blog post');
  const changes = {
    ...(body.title !== undefined && { title: cleanTitle(body.title) }),
    ...(body.content !== undefined && { content: sanitizeAuthoredHtml(body.content) }),
    ...(body.status !== undefined && { status: body.status }),
  };
  return contentWrite(db, async (tx) => {
    const [current] = await tx
      .select({
        title: blogs.title,
        content: blogs.content,
        status: blogs.status,
        version: blogs.version,
        authorId: blogs.authorId,
      })
      .from(blogs)
      .where(eq(blogs.id, id));
    if (!current) throw notFound('blog post');
    assertMayChange(editor, current, 'blog post');
    if (current.version !== body.version) throw staleVersion('blog post', current.version, body.version);
    const status = changes.status ?? current.status;
    if (status === 'published' && isBlankAuthoredHtml(changes.content ?? current.content)) throw emptyContent();
    // The version check and the write are one statement: a save that raced past the read above still loses.
    const [saved] = await tx
      .update(blogs)
      .set({
        ...changes,
        ...(status === 'published' && { date: firstPublishDate }),
        version: sql`${blogs.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(blogs.id, id), eq(blogs.version, body.version)))
      .returning({ title: blogs.title });
    if (!saved) {
      const [now] = await tx.select({ version: blogs.version }).from(blogs).where(eq(blogs.id, id));
      throw now ? staleVersion('blog post', now.version, body.version) : notFound('blog post');
    }
    await recordAudit(tx, {
      actor: editor,
      action: saveAction(current.status, status),
      entity: 'blog',
      entityId: id,
      beforeTitle: current.title,
      afterTitle: saved.title,
    });
    return getStudioBlog(tx, id);
  });
}

export async function deleteBlog(db: Db, editor: Editor, id: string): Promise<StudioBlog> {
  return contentWrite(db, async (tx) => {
    const before = await getStudioBlog(tx, id);
    assertMayChange(editor, { authorId: before.author?._id ?? null }, 'blog post');
    const [deleted] = await tx.delete(blogs).where(eq(blogs.id, before._id)).returning({ id: blogs.id });
    if (!deleted) throw notFound('blog post');
    await recordAudit(tx, { actor: editor, action: 'delete', entity: 'blog', entityId: id, beforeTitle: before.title });
    return before;
  });
}

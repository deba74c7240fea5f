// Studio tutorials: every tutorial (drafts too); create, versioned edits, publish/unpublish, delete. Each write is
// one transaction with its audit row and the cache NOTIFY (content-write.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CreateTutorialBody, PatchTutorialBody, StudioTutorial } from '../../../shared/studio';
import type { Db } from '../../db/client';
import { tutorials, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { isId } from '../../lib/ids';
import { isBlankAuthoredHtml, sanitizeAuthoredHtml, sanitizeTitle } from '../../lib/sanitize';
import { contentWrite, iso, saveAction } from './content-write';
import { assertMayChange, type Editor, invalid, notFound, staleVersion } from './studio-access';
import { STUDIO_LIST_MAX } from './studio-courses.service';

const columns = {
  id: tutorials.id,
  title: tutorials.title,
  image: tutorials.image,
  content: tutorials.content,
  status: tutorials.status,
  version: tutorials.version,
  createdAt: tutorials.createdAt,
  updatedAt: tutorials.updatedAt,
  authorId: tutorials.authorId,
  authorName: users.name,
};
const selectTutorials = (db: Db) =>
  db.select(columns).from(tutorials).leftJoin(users, eq(users.id, tutorials.authorId));
type TutorialRow = Awaited<ReturnType<typeof selectTutorials>>[number];

const toTutorial = (row: TutorialRow): StudioTutorial => ({
  _id: row.id,
  title: row.title,
  image: row.image,
  content: row.content,
  status: row.status,
  version: row.version,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  author: row.authorId ? { _id: row.authorId, name: row.authorName ?? '' } : null,
});

const emptyContent = () =>
  invalid('content is empty: a published tutorial needs content (save it as a draft until then)');

const cleanTitle = (title: string) => {
  const clean = sanitizeTitle(title);
  if (!clean) throw invalid('title is required');
  return clean;
};

/** Every tutorial, drafts too, in catalogue order. */
export async function listStudioTutorials(db: Db): Promise<StudioTutorial[]> {
  const rows = await selectTutorials(db).orderBy(asc(tutorials.position), asc(tutorials.id)).limit(STUDIO_LIST_MAX);
  return rows.map(toTutorial);
}

export async function getStudioTutorial(db: Db, id: string): Promise<StudioTutorial> {
  if (!isId(id)) throw notFound('tutorial');
  const [row] = await selectTutorials(db).where(eq(tutorials.id, id));
  if (!row) throw notFound('tutorial');
  return toTutorial(row);
}

export async function createTutorial(db: Db, editor: Editor, body: CreateTutorialBody): Promise<StudioTutorial> {
  const title = cleanTitle(body.title);
  const content = sanitizeAuthoredHtml(body.content);
  const status = body.status ?? 'draft';
  if (status === 'published' && isBlankAuthoredHtml(content)) throw emptyContent();
  return contentWrite(db, async (tx) => {
    const [row] = await tx
      .insert(tutorials)
      .values({
        title,
        image: body.image,
        content,
        status,
        authorId: editor.id,
        position: sql`(select coalesce(max(${tutorials.position}), -1) + 1 from ${tutorials})`,
      })
      .returning({ id: tutorials.id });
    await recordAudit(tx, { actor: editor, action: 'create', entity: 'tutorial', entityId: row.id, afterTitle: title });
    return getStudioTutorial(tx, row.id);
  });
}

/** Any subset of the fields on the version the editor saw; a stale version is refused, the row left untouched. */
export async function updateTutorial(
  db: Db,
  editor: Editor,
  id: string,
  body: PatchTutorialBody,
): Promise<StudioTutorial> {
  if (!isId(id)) throw notFound('tutorial');
  const changes = {
    ...(body.title !== undefined && { title: cleanTitle(body.title) }),
    ...(body.image !== undefined && { image: body.image }),
    ...(body.content !== undefined && { content: sanitizeAuthoredHtml(body.content) }),
    ...(body.status !== undefined && { status: body.status }),
  };
  return contentWrite(db, async (tx) => {
    const [current] = await tx
      .select({
        title: tutorials.title,
        content: tutorials.content,
        status: tutorials.status,
        version: tutorials.version,
        authorId: tutorials.authorId,
      })
      .from(tutorials)
      .where(eq(tutorials.id, id));
    if (!current) throw notFound('tutorial');
    assertMayChange(editor, current, 'tutorial');
    if (current.version !== body.version) throw staleVersion('tutorial', current.version, body.version);
    const status = changes.status ?? current.status;
    if (status === 'published' && isBlankAuthoredHtml(changes.content ?? current.content)) throw emptyContent();
    // The version check and the write are one statement: a save that raced past the read above still loses.
    const [saved] = await tx
      .update(tutorials)
      .set({ ...changes, version: sql`${tutorials.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(tutorials.id, id), eq(tutorials.version, body.version)))
      .returning({ title: tutorials.title });
    if (!saved) {
      const [now] = await tx.select({ version: tutorials.version }).from(tutorials).where(eq(tutorials.id, id));
      throw now ? staleVersion('tutorial', now.version, body.version) : notFound('tutorial');
    }
    await recordAudit(tx, {
      actor: editor,
      action: saveAction(current.status, status),
      entity: 'tutorial',
      entityId: id,
      beforeTitle: current.title,
      afterTitle: saved.title,
    });
    return getStudioTutorial(tx, id);
  });
}

export async function deleteTutorial(db: Db, editor: Editor, id: string): Promise<StudioTutorial> {
  return contentWrite(db, async (tx) => {
    const before = await getStudioTutorial(tx, id);
    assertMayChange(editor, { authorId: before.author?._id ?? null }, 'tutorial');
    const [deleted] = await tx.delete(tutorials).where(eq(tutorials.id, before._id)).returning({ id: tutorials.id });
    if (!deleted) throw notFound('tutorial');
    await recordAudit(tx, {
      actor: editor,
      action: 'delete',
      entity: 'tutorial',
      entityId: id,
      beforeTitle: before.title,
    });
    return before;
  });
}

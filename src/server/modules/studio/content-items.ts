// Tutorials and blog posts: a title, an authored `content`, a status and a version each, created, saved and deleted
// by the same rules. One function per call serves both; a ContentKind holds what differs (the table, the kind's own
// columns, a post's first-publish date). Each write is one transaction with its audit row and the cache NOTIFY.
import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Status } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import type { blogs, tutorials } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { isId } from '../../lib/ids';
import { isBlankAuthoredHtml, sanitizeAuthoredHtml } from '../../lib/sanitize';
import { cleanTitle, contentWrite, lostRace, saveAction } from './content-write';
import { badRequest } from '../../lib/errors';
import { assertMayChange, type Editor, itemNotFound, staleVersion } from './studio-access';
import {
  checkPublishable,
  editedFields,
  fieldText,
  forgetRevisions,
  itemState,
  recordRevision,
  REVISABLE,
  saveToWorkingCopy,
} from './working-copy';

type ItemTable = typeof tutorials | typeof blogs;
type SharedColumn = 'id' | 'title' | 'content' | 'status' | 'version' | 'createdAt' | 'updatedAt' | 'authorId';
/** The columns of the kind's table that only it has. */
type OwnColumns<Table extends ItemTable> = Omit<PgInsertValue<Table>, SharedColumn>;

/** What a create body holds at least; a save sends any part of it, and the version it was made on. */
interface Fields {
  title: string;
  content: string;
  status?: Status;
}
type Patch<Create extends Fields> = Partial<Create> & { version: number };

/** What every item answers at least. */
interface Item {
  _id: string;
  title: string;
  author: { _id: string } | null;
}

export interface ContentKind<Table extends ItemTable, Answer extends Item, Create extends Fields> {
  table: Table;
  /** In answers: "Tutorial not found", "a published blog post needs content". */
  name: 'tutorial' | 'blog post';
  /** In the audit trail. */
  entity: 'tutorial' | 'blog';
  /** The item as the Studio answers it. */
  get(db: Db, id: string): Promise<Answer>;
  /** The kind's own columns for a new item with this status. */
  created(body: Create, status: Status): OwnColumns<Table>;
  /** The kind's own columns for a save that leaves the item with this status. */
  saved(body: Patch<Create>, status: Status): Partial<OwnColumns<Table>>;
  /** Inside the transaction that publishes an item (created published, or a draft published). */
  onPublish?(tx: Db, id: string, editor: Editor): Promise<unknown>;
  /** Inside the transaction that takes a published item off (its practice items' working copies fold in). */
  onUnpublish?(tx: Db, id: string): Promise<unknown>;
  /** Inside the transaction that deletes an item, before the row goes. */
  onDelete?(tx: Db, id: string): Promise<unknown>;
}

const emptyContent = (name: string) =>
  badRequest(`content is empty: a published ${name} needs content (save it as a draft until then)`);

export async function createItem<Table extends ItemTable, Answer extends Item, Create extends Fields>(
  db: Db,
  editor: Editor,
  kind: ContentKind<Table, Answer, Create>,
  body: Create,
): Promise<Answer> {
  const title = cleanTitle(body.title);
  const content = sanitizeAuthoredHtml(body.content);
  const status = body.status ?? 'draft';
  if (status === 'published' && isBlankAuthoredHtml(content)) throw emptyContent(kind.name);
  // Either table: the kind's own columns were checked against its own table where the kind is defined.
  const table: ItemTable = kind.table;
  const own: object = kind.created(body, status);
  return contentWrite(db, async (tx) => {
    const [row] = await tx
      .insert(table)
      .values({ title, content, status, authorId: editor.id, ...own })
      .returning({ id: table.id });
    await recordAudit(tx, {
      actor: editor,
      action: 'create',
      entity: kind.entity,
      entityId: row.id,
      afterTitle: title,
    });
    if (status === 'published') await kind.onPublish?.(tx, row.id, editor);
    return kind.get(tx, row.id);
  });
}

/** Any subset of the fields on the version the editor saw; a stale version is refused, the row left untouched. */
export async function updateItem<Table extends ItemTable, Answer extends Item, Create extends Fields>(
  db: Db,
  editor: Editor,
  kind: ContentKind<Table, Answer, Create>,
  id: string,
  body: Patch<Create>,
): Promise<Answer> {
  if (!isId(id)) throw itemNotFound(kind.name);
  const changes = {
    ...(body.title !== undefined && { title: cleanTitle(body.title) }),
    ...(body.content !== undefined && { content: sanitizeAuthoredHtml(body.content) }),
    ...(body.status !== undefined && { status: body.status }),
  };
  const table: ItemTable = kind.table;
  const r = REVISABLE[kind.entity];
  return contentWrite(db, async (tx) => {
    const state = await itemState(tx, r, id, { lock: true });
    assertMayChange(editor, state, kind.name);
    if (state.version !== body.version) throw staleVersion(kind.name, state.version, body.version);
    const { status: newStatus, ...edits } = changes;
    // A published item stays as readers see it: the edit goes into its working copy until Update.
    if (state.published && (newStatus ?? 'published') === 'published') {
      await saveToWorkingCopy(tx, editor, r, state, body.version, edits);
      return kind.get(tx, id);
    }
    // Unpublishing makes the item a draft again: a draft has no working copy, so its edits become the item.
    const fields = { ...(state.working?.fields ?? {}), ...edits };
    const status = newStatus ?? (state.published ? 'published' : 'draft');
    if (status === 'published') checkPublishable(r, { ...state.live, ...fields });
    const own: object = kind.saved(body, status);
    // The version check and the write are one statement: a save that raced past the read above still loses.
    const [saved] = await tx
      .update(table)
      .set({
        ...fields,
        ...(newStatus !== undefined && { status: newStatus }),
        ...own,
        working: null,
        version: sql`${table.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(table.id, id), eq(table.version, body.version)))
      .returning({ title: table.title });
    if (!saved) throw await lostRace(tx, table, kind.name, id, body.version);
    const before = state.published ? 'published' : 'draft';
    // Every publish keeps a revision (the item's history).
    if (before === 'draft' && status === 'published') {
      await recordRevision(tx, editor, r, id, { ...state.live, ...fields });
      await kind.onPublish?.(tx, id, editor);
    }
    if (before === 'published' && status === 'draft') await kind.onUnpublish?.(tx, id);
    await recordAudit(tx, {
      actor: editor,
      action: saveAction(before, status),
      entity: kind.entity,
      entityId: id,
      beforeTitle: fieldText(editedFields(state), 'title'),
      afterTitle: saved.title,
    });
    return kind.get(tx, id);
  });
}

/** Deletes the item; answers it as it was. */
export async function deleteItem<Table extends ItemTable, Answer extends Item, Create extends Fields>(
  db: Db,
  editor: Editor,
  kind: ContentKind<Table, Answer, Create>,
  id: string,
): Promise<Answer> {
  const table: ItemTable = kind.table;
  return contentWrite(db, async (tx) => {
    const before = await kind.get(tx, id);
    assertMayChange(editor, { authorId: before.author?._id ?? null }, kind.name);
    await kind.onDelete?.(tx, before._id);
    const [deleted] = await tx.delete(table).where(eq(table.id, before._id)).returning({ id: table.id });
    if (!deleted) throw itemNotFound(kind.name);
    await forgetRevisions(tx, kind.entity, [deleted.id]);
    await recordAudit(tx, {
      actor: editor,
      action: 'delete',
      entity: kind.entity,
      entityId: id,
      beforeTitle: before.title,
    });
    return before;
  });
}

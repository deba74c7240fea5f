// A published item's edits wait in its working copy (the `working` column) until 'Update' publishes them; readers'
// queries never select that column, so what they see changes only on Update, Discard does not touch it, and their
// reads cost what they did. Every Update and Publish keeps a revision (the newest REVISIONS_KEPT per item). The
// item's `version` counts working-copy saves too, so two editors never overwrite each other silently.
// docs/decisions/0051-working-copies-revisions-and-previews.md
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { REVISIONS_KEPT } from '../../../shared/studio-revisions';
import type { Db } from '../../db/client';
import { blogs, contentRevisions, courses, lessons, tutorials, type WorkingCopy } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { isBlankAuthoredHtml } from '../../lib/sanitize';
import { iso } from './content-write';
import { type Editor, type ItemKind, itemNotFound, staleVersion } from './studio-access';

export type Fields = WorkingCopy['fields'];
export type RevisionKind = 'course' | 'lesson' | 'tutorial' | 'blog';

/** What differs between the kinds of item that have a published version. */
export interface Revisable {
  kind: RevisionKind;
  name: ItemKind;
  table: typeof courses | typeof lessons | typeof tutorials | typeof blogs;
  /** The columns an editor changes, as the working copy and a revision hold them (column name = key). */
  fields: readonly string[];
  /** The authored text a published item may not leave blank. */
  required?: { field: string; message: string };
}

export const REVISABLE: Record<RevisionKind, Revisable> = {
  course: {
    kind: 'course',
    name: 'course',
    table: courses,
    fields: ['title', 'description', 'cover'],
    required: {
      field: 'description',
      message: 'description is empty: a published course needs a description (save it as a draft until then)',
    },
  },
  lesson: {
    kind: 'lesson',
    name: 'lesson',
    table: lessons,
    fields: ['title', 'link', 'description', 'captions', 'duration'],
  },
  tutorial: {
    kind: 'tutorial',
    name: 'tutorial',
    table: tutorials,
    fields: ['title', 'image', 'content'],
    required: {
      field: 'content',
      message: 'content is empty: a published tutorial needs content (save it as a draft until then)',
    },
  },
  blog: {
    kind: 'blog',
    name: 'blog post',
    table: blogs,
    fields: ['title', 'content'],
    required: {
      field: 'content',
      message: 'content is empty: a published blog post needs content (save it as a draft until then)',
    },
  },
};

/** A lesson's id and its editable fields (`REVISABLE.lesson.fields`), as a select or returning list. */
export const lessonFieldColumns = {
  id: lessons.id,
  title: lessons.title,
  link: lessons.link,
  description: lessons.description,
  captions: lessons.captions,
  duration: lessons.duration,
};

/** An item as the working-copy calls see it. A lesson is published when it and its course are (a lesson added to a
 *  published course is a draft until published), and belongs to its course's author. */
export interface ItemState {
  id: string;
  title: string;
  version: number;
  /** Readers see a version of it (a lesson: its course is published). */
  published: boolean;
  authorId: string | null;
  working: WorkingCopy | null;
  /** The fields readers see (or, for a draft, the item itself). */
  live: Fields;
  previewGeneration: number;
  /** A lesson's course. */
  courseId: string | null;
  /** A lesson's course is published (null for other kinds): a draft lesson of a published course is published on
   *  its own, a lesson of a draft course with its course. */
  coursePublished: boolean | null;
}

interface StateRow extends Record<string, unknown> {
  id: string;
  title: string;
  version: number;
  status: string;
  author_id: string | null;
  working: WorkingCopy | null;
  preview_generation: number;
  course_id: string | null;
  course_status: string | null;
}

export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/** The item's state, or its kind's 404; `lock` takes the row (a lesson: its course's row, as every lesson write
 *  does, so writes of one course take their locks in the same order). */
export async function itemState(tx: Db, r: Revisable, id: string, { lock = false } = {}): Promise<ItemState> {
  if (!isId(id)) throw itemNotFound(r.name);
  const own = sql.join(
    r.fields.map((field) => sql`t.${sql.identifier(field)}`),
    sql`, `,
  );
  const query =
    r.kind === 'lesson'
      ? sql`select t.id, t.title, t.version, c.author_id, t.working, t.preview_generation,
              case when c.status = 'published' and t.status = 'published' then 'published' else 'draft' end as status,
              t.course_id, c.status as course_status, ${own}
            from lessons t join courses c on c.id = t.course_id where t.id = ${id}
            ${lock ? sql`for update of c` : sql``}`
      : sql`select t.id, t.title, t.version, t.status, t.author_id, t.working, t.preview_generation,
              null::uuid as course_id, null as course_status, ${own}
            from ${r.table} t where t.id = ${id} ${lock ? sql`for update` : sql``}`;
  const [row] = await rowsOf<StateRow>(tx, query);
  if (!row) throw itemNotFound(r.name);
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    published: row.status === 'published',
    authorId: row.author_id,
    working: row.working,
    live: Object.fromEntries(r.fields.map((field) => [field, row[field] as Fields[string]])),
    previewGeneration: row.preview_generation,
    courseId: row.course_id,
    coursePublished: row.course_status === null ? null : row.course_status === 'published',
  };
}

/** A published item may not be left without its authored text. */
export function checkPublishable(r: Revisable, fields: Fields): void {
  if (r.required && isBlankAuthoredHtml(String(fields[r.required.field] ?? ''))) throw badRequest(r.required.message);
}

const sameFields = (r: Revisable, a: Fields, b: Fields) => r.fields.every((field) => a[field] === b[field]);

/** The fields an editor sees: the working copy's when there is one. */
export const editedFields = (state: ItemState): Fields => state.working?.fields ?? state.live;

/** What a Studio answer says about an item's versions, and the fields it shows (the working copy's, if any). */
export function versionsOf<Row extends { title: string; updatedAt: Date; working: WorkingCopy | null }>(
  row: Row,
  published: boolean,
): { shown: Row; updatedAt: string; hasChanges: boolean; published: { title: string; updatedAt: string } | null } {
  const { working } = row;
  return {
    shown: working ? { ...row, ...working.fields } : row,
    updatedAt: working ? working.savedAt : iso(row.updatedAt),
    hasChanges: working !== null,
    published: published ? { title: row.title, updatedAt: iso(row.updatedAt) } : null,
  };
}

/** Sets (or, with null, drops) the working copy on the version the editor saw; a stale version loses, in one
 *  statement with the check. A working copy equal to the live version is no change: none is kept. */
export async function writeWorkingCopy(
  tx: Db,
  r: Revisable,
  state: ItemState,
  version: number,
  fields: Fields | null,
): Promise<void> {
  const working: WorkingCopy | null =
    fields && !sameFields(r, fields, state.live) ? { fields, savedAt: new Date().toISOString() } : null;
  const [saved] = await rowsOf<{ id: string }>(
    tx,
    sql`update ${r.table} set working = ${working && JSON.stringify(working)}::jsonb, version = version + 1
        where id = ${state.id} and version = ${version} returning id`,
  );
  if (!saved) throw await lostRace(tx, r, state.id, version);
}

/** The versioned update matched no row: the item is gone (404) or someone saved first (409). */
async function lostRace(tx: Db, r: Revisable, id: string, sent: number) {
  const [row] = await rowsOf<{ version: number }>(tx, sql`select version from ${r.table} where id = ${id}`);
  return row ? staleVersion(r.name, row.version, sent) : itemNotFound(r.name);
}

/** A PATCH of a published item: the changes go into its working copy (started from the live version). */
export async function saveToWorkingCopy(
  tx: Db,
  editor: Editor,
  r: Revisable,
  state: ItemState,
  version: number,
  changes: Fields,
): Promise<void> {
  if (state.version !== version) throw staleVersion(r.name, state.version, version);
  const before = editedFields(state);
  const fields: Fields = Object.fromEntries(r.fields.map((field) => [field, changes[field] ?? before[field]]));
  // captions may be set to null on purpose.
  for (const field of r.fields) if (field in changes && changes[field] === null) fields[field] = null;
  checkPublishable(r, fields);
  await writeWorkingCopy(tx, r, state, version, fields);
  await recordAudit(tx, {
    actor: editor,
    action: 'update',
    entity: r.kind,
    entityId: state.id,
    beforeTitle: String(before.title),
    afterTitle: String(fields.title),
  });
}

/** Writes these fields into the item itself (what readers see of a published one), dropping any working copy. */
export async function writeLive(tx: Db, r: Revisable, id: string, fields: Fields, { publish = true } = {}) {
  const sets = r.fields.map((field) => sql`${sql.identifier(field)} = ${fields[field]}`);
  // A post's date is its first publish: set by the first, kept by the others.
  if (publish && r.kind === 'blog') sets.push(sql`date = coalesce(date, now())`);
  await tx.execute(
    sql`update ${r.table} set ${sql.join(sets, sql`, `)}, working = null, version = version + 1, updated_at = now()
        where id = ${id}`,
  );
}

/** Keeps the version just published in the item's history, and only the newest REVISIONS_KEPT. */
export async function recordRevision(tx: Db, editor: Editor, r: Revisable, id: string, fields: Fields): Promise<void> {
  await tx.insert(contentRevisions).values({
    kind: r.kind,
    itemId: id,
    title: String(fields.title),
    fields: Object.fromEntries(r.fields.map((field) => [field, fields[field] ?? null])),
    byId: editor.id,
    byName: editor.name,
  });
  await tx.execute(
    sql`delete from ${contentRevisions} where kind = ${r.kind} and item_id = ${id} and id not in (
          select id from ${contentRevisions} where kind = ${r.kind} and item_id = ${id}
          order by at desc, id desc limit ${REVISIONS_KEPT})`,
  );
}

/** The item's history goes with it. */
export async function forgetRevisions(tx: Db, kind: RevisionKind, ids: string[] | SQL): Promise<void> {
  if (Array.isArray(ids) && ids.length === 0) return;
  const which = Array.isArray(ids)
    ? sql`${contentRevisions.itemId} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`${contentRevisions.itemId} in (${ids})`;
  await tx.delete(contentRevisions).where(and(eq(contentRevisions.kind, kind), which));
}

/** A course taken off (unpublished): its lessons are drafts again, and their working copies become the lessons; its
 *  draft lessons become part of the draft course, published with it. */
export async function foldLessonWorkingCopies(tx: Db, courseId: string): Promise<void> {
  await tx.execute(sql`update lessons set status = 'published' where course_id = ${courseId} and status = 'draft'`);
  await tx.execute(
    sql`update lessons set title = working->'fields'->>'title', link = working->'fields'->>'link',
          description = working->'fields'->>'description', captions = working->'fields'->>'captions',
          duration = (working->'fields'->>'duration')::float8, working = null, version = version + 1,
          updated_at = now()
        where course_id = ${courseId} and working is not null`,
  );
}

// A published item's edits wait in its working copy (the `working` column) until 'Update' publishes them; readers'
// queries never select that column, so what they see changes only on Update, Discard does not touch it, and their
// reads cost what they did. Every Update and Publish keeps a revision (the newest REVISIONS_KEPT per item). The
// item's `version` counts working-copy saves too, so two editors never overwrite each other silently. Practice items
// (exercises, quizzes) follow the same rules, published with their lesson or tutorial.
// docs/decisions/0051-working-copies-revisions-and-previews.md
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { REVISIONS_KEPT } from '../../../shared/studio-revisions';
import { type Db, rowsOf } from '../../db/client';
import {
  blogs,
  contentRevisions,
  courses,
  type FieldValue,
  lessons,
  practiceItems,
  tutorials,
  type WorkingCopy,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { isBlankAuthoredHtml } from '../../lib/sanitize';
import { iso } from './content-write';
import { type Editor, type ItemKind, itemNotFound, staleVersion } from './studio-access';

export type Fields = WorkingCopy['fields'];
/** The items the Studio module answers itself (the practice module answers its items). */
export type RevisionKind = 'course' | 'lesson' | 'tutorial' | 'blog';
/** A lesson's or a tutorial's practice items: published with their owner. */
export type PracticeKind = 'exercise' | 'quiz';
/** Every kind of item with a working copy and a history. */
export type WorkingKind = RevisionKind | PracticeKind;

type RevisableTable = typeof courses | typeof lessons | typeof tutorials | typeof blogs | typeof practiceItems;

/** What differs between the kinds of item that have a published version. */
export interface Revisable {
  kind: WorkingKind;
  name: ItemKind;
  table: RevisableTable;
  /** The fields an editor changes, as the working copy and a revision hold them: the table's property names (a
   *  practice item's `starterCode` is the column `starter_code`). */
  fields: readonly string[];
  /** The authored text a published item may not leave blank. */
  required?: { field: string; message: string };
  /** Refuses to publish these fields (an exercise whose check fails). */
  refusePublishing?: (fields: Fields) => Error | null;
}

const EXERCISE_FIELDS = ['title', 'prompt', 'language', 'starterCode', 'solution', 'tests', 'timeLimitMs'];

/** An exercise's changes are published only when their check passes, so a valid exercise is never replaced by one
 *  nobody can pass (or the starter code already passes). */
function failingCheck(fields: Fields): Error | null {
  if (fields.valid === true) return null;
  const check = fields.check as { solutionPasses?: boolean; failures?: { test: string; message: string }[] } | null;
  const failure = check?.failures?.[0];
  const why = failure
    ? `“${failure.test}” fails with the reference solution: ${failure.message}`
    : check?.solutionPasses === false
      ? 'the reference solution does not pass every test'
      : 'the starter code passes every test (it must fail at least one)';
  return conflict(
    `These changes fail the exercise's check, so they cannot replace the version learners see: ${why}. Fix them ` +
      'and save again, or discard them.',
  );
}

export const REVISABLE: Record<WorkingKind, Revisable> = {
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
  // The check's result travels with the code it was made on.
  exercise: {
    kind: 'exercise',
    name: 'exercise',
    table: practiceItems,
    fields: [...EXERCISE_FIELDS, 'valid', 'check'],
    refusePublishing: failingCheck,
  },
  quiz: { kind: 'quiz', name: 'quiz', table: practiceItems, fields: ['title', 'passMark', 'questions'] },
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

/** The column behind one of a kind's fields. */
function columnOf(r: Revisable, field: string) {
  const column = (getTableColumns(r.table) as Record<string, { name: string; columnType: string }>)[field];
  return { name: sql.identifier(column.name), json: column.columnType === 'PgJsonb' };
}

const isPractice = (r: Revisable) => r.kind === 'exercise' || r.kind === 'quiz';

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
  /** Whose author rule applies: the item's own kind, or a practice item's lesson or tutorial. */
  access: ItemKind;
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
  access: ItemKind | null;
}

/** The item's state, or its kind's 404; `lock` takes the row (a lesson: its course's row, as every lesson write
 *  does, so writes of one course take their locks in the same order). */
export async function itemState(tx: Db, r: Revisable, id: string, { lock = false } = {}): Promise<ItemState> {
  if (!isId(id)) throw itemNotFound(r.name);
  const own = sql.join(
    r.fields.map((field) => sql`t.${columnOf(r, field).name} as ${sql.identifier(field)}`),
    sql`, `,
  );
  // A practice item is published with its lesson (and that lesson's course) or its tutorial (one of them is null);
  // its own row is locked, its owner's writes lock the owner first and then the items.
  const query = isPractice(r)
    ? sql`select t.id, t.title, t.version,
              case when t.lesson_id is null then tu.status
                when c.status = 'published' and l.status = 'published' then 'published' else 'draft' end as status,
              coalesce(c.author_id, tu.author_id) as author_id, t.working, t.preview_generation,
              null::uuid as course_id, null as course_status,
              case when t.lesson_id is null then 'tutorial' else 'lesson' end as access, ${own}
            from practice_items t left join lessons l on l.id = t.lesson_id
              left join courses c on c.id = l.course_id left join tutorials tu on tu.id = t.tutorial_id
            where t.id = ${id} and t.kind = ${r.kind} ${lock ? sql`for update of t` : sql``}`
    : r.kind === 'lesson'
      ? sql`select t.id, t.title, t.version, c.author_id, t.working, t.preview_generation,
              case when c.status = 'published' and t.status = 'published' then 'published' else 'draft' end as status,
              t.course_id, c.status as course_status, null as access, ${own}
            from lessons t join courses c on c.id = t.course_id where t.id = ${id}
            ${lock ? sql`for update of c` : sql``}`
      : sql`select t.id, t.title, t.version, t.status, t.author_id, t.working, t.preview_generation,
              null::uuid as course_id, null as course_status, null as access, ${own}
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
    access: row.access ?? r.name,
  };
}

/** A field as text: what a title, link or authored HTML holds ('' when it is empty). */
export function fieldText(fields: Fields, field: string): string {
  const value = fields[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A published item may not be left without its authored text (nor an exercise with a failing check). */
export function checkPublishable(r: Revisable, fields: Fields): void {
  if (r.required && isBlankAuthoredHtml(fieldText(fields, r.required.field))) throw badRequest(r.required.message);
  const refusal = r.refusePublishing?.(fields);
  if (refusal) throw refusal;
}

/** A value as JSON with its objects' keys in order: jsonb keeps keys in an order of its own. */
const canonical = (value: FieldValue | undefined) =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

const sameFields = (r: Revisable, a: Fields, b: Fields) =>
  r.fields.every((field) => canonical(a[field]) === canonical(b[field]));

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
    beforeTitle: fieldText(before, 'title'),
    afterTitle: fieldText(fields, 'title'),
  });
}

/** Writes these fields into the item itself (what readers see of a published one), dropping any working copy. */
export async function writeLive(tx: Db, r: Revisable, id: string, fields: Fields, { publish = true } = {}) {
  const sets = r.fields.map((field) => {
    const column = columnOf(r, field);
    const value = fields[field] ?? null;
    return column.json && value !== null
      ? sql`${column.name} = ${JSON.stringify(value)}::jsonb`
      : sql`${column.name} = ${value}`;
  });
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
    title: fieldText(fields, 'title'),
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
export async function forgetRevisions(tx: Db, kind: WorkingKind, ids: string[] | SQL): Promise<void> {
  if (Array.isArray(ids) && ids.length === 0) return;
  const which = Array.isArray(ids)
    ? sql`${contentRevisions.itemId} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`${contentRevisions.itemId} in (${ids})`;
  await tx.delete(contentRevisions).where(and(eq(contentRevisions.kind, kind), which));
}

/** A course taken off (unpublished): its lessons are drafts again, and their working copies (and their practice
 *  items') become the lessons (and the items); its draft lessons become part of the draft course, published with it. */
export async function foldLessonWorkingCopies(tx: Db, courseId: string): Promise<void> {
  await foldPracticeWorkingCopies(tx, 'lesson', lessonIdsOf(courseId));
  await tx.execute(sql`update lessons set status = 'published' where course_id = ${courseId} and status = 'draft'`);
  await tx.execute(
    sql`update lessons set title = working->'fields'->>'title', link = working->'fields'->>'link',
          description = working->'fields'->>'description', captions = working->'fields'->>'captions',
          duration = (working->'fields'->>'duration')::float8, working = null, version = version + 1,
          updated_at = now()
        where course_id = ${courseId} and working is not null`,
  );
}

/** A lesson or a tutorial taken off (unpublished), or a course with its lessons: their practice items' working
 *  copies become the items, as a draft has no working copy. `owners` selects the lessons' or the tutorials' ids. */
export async function foldPracticeWorkingCopies(tx: Db, owner: 'lesson' | 'tutorial', owners: SQL): Promise<void> {
  const ownerColumn = owner === 'lesson' ? practiceItems.lessonId : practiceItems.tutorialId;
  const rows = await tx
    .select({ id: practiceItems.id, kind: practiceItems.kind, working: practiceItems.working })
    .from(practiceItems)
    .where(and(sql`${ownerColumn} in (${owners})`, sql`${practiceItems.working} is not null`));
  for (const row of rows) if (row.working) await writeLive(tx, REVISABLE[row.kind], row.id, row.working.fields);
}

/** The ids of a course's lessons, for the calls above and below. */
export const lessonIdsOf = (courseId: string): SQL =>
  sql`select ${lessons.id} from ${lessons} where ${lessons.courseId} = ${courseId}`;

/** Practice items deleted with their lesson or tutorial take their history with them. */
export async function forgetPracticeRevisions(tx: Db, owner: 'lesson' | 'tutorial', owners: SQL): Promise<void> {
  const ownerColumn = owner === 'lesson' ? practiceItems.lessonId : practiceItems.tutorialId;
  await tx.execute(
    sql`delete from ${contentRevisions} where kind in ('exercise', 'quiz') and item_id in (
          select ${practiceItems.id} from ${practiceItems} where ${ownerColumn} in (${owners}))`,
  );
}

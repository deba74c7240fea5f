// Update (publish a working copy), Discard changes, the history of published versions and its restore, for courses,
// lessons, tutorials, blog posts and practice items (whose module passes how its Studio call answers one). Each write is one transaction with its audit row and the cache NOTIFY; only
// Update changes what readers see. docs/decisions/0051-working-copies-revisions-and-previews.md
import { and, desc, eq } from 'drizzle-orm';
import { REVISIONS_KEPT, type RevisableKind, type RevisionList } from '../../../shared/studio-revisions';
import type { Db } from '../../db/client';
import { contentRevisions } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { contentWrite, iso } from './content-write';
import { assertMayChange, type Editor, staleVersion } from './studio-access';
import { getStudioBlog } from './studio-blogs.service';
import { getStudioCourse, getStudioLesson, publishDraftLessons, publishedWithCourse } from './studio-courses.service';
import { getStudioTutorial } from './studio-tutorials.service';
import {
  checkPublishable,
  fieldText,
  type ItemState,
  itemState,
  recordRevision,
  REVISABLE,
  type Revisable,
  type RevisionKind,
  type WorkingKind,
  writeLive,
  writeWorkingCopy,
} from './working-copy';

/** The kind a Studio path names. */
export const KIND_OF_PATH: Record<RevisableKind, RevisionKind> = {
  courses: 'course',
  lessons: 'lesson',
  tutorials: 'tutorial',
  blogs: 'blog',
};

/** The item as its own Studio call answers it. */
export function studioItem(db: Db, kind: RevisionKind, id: string): Promise<unknown> {
  switch (kind) {
    case 'course':
      return getStudioCourse(db, id);
    case 'lesson':
      return getStudioLesson(db, id);
    case 'tutorial':
      return getStudioTutorial(db, id);
    case 'blog':
      return getStudioBlog(db, id);
  }
}

/** How an item's Studio call answers it. */
export type StudioAnswer<T> = (db: Db, id: string) => Promise<T>;

/** The item, locked, after the author-owns rule and (when sent) the version check. */
async function editable(tx: Db, editor: Editor, r: Revisable, id: string, version?: number): Promise<ItemState> {
  const state = await itemState(tx, r, id, { lock: true });
  assertMayChange(editor, state, state.access);
  if (version !== undefined && state.version !== version) throw staleVersion(r.name, state.version, version);
  return state;
}

/** One change to an item in one content write: the item locked after the author-owns rule and the version check,
 *  then `change`; answers the item as the Studio shows it. */
function changeItem<T>(
  db: Db,
  editor: Editor,
  kind: WorkingKind,
  id: string,
  version: number | undefined,
  answer: StudioAnswer<T>,
  change: (tx: Db, r: Revisable, state: ItemState) => Promise<void>,
): Promise<T> {
  const r = REVISABLE[kind];
  return contentWrite(db, async (tx) => {
    const state = await editable(tx, editor, r, id, version);
    await change(tx, r, state);
    return answer(tx, state.id);
  });
}

/** A course's, lesson's, tutorial's or blog post's own Studio answer. */
const answerOf =
  (kind: RevisionKind): StudioAnswer<unknown> =>
  (db, id) =>
    studioItem(db, kind, id);

const noChanges = (r: Revisable, what: string) =>
  conflict(`This ${r.name} has no unpublished changes to ${what}: edit it first (readers already see it as it is).`);

/**
 * POST …/{id}/update: the working copy becomes what readers see, and a revision. A draft lesson of a published course
 * is published by it; a course's Update publishes its draft lessons too (those added since it was published).
 */
export async function publishChanges<T = unknown>(
  db: Db,
  editor: Editor,
  kind: WorkingKind,
  id: string,
  version?: number,
  answer: StudioAnswer<T> = answerOf(kind as RevisionKind) as StudioAnswer<T>,
): Promise<T> {
  return changeItem(db, editor, kind, id, version, answer, async (tx, r, state) => {
    if (kind === 'lesson' && !state.published) {
      if (!state.coursePublished) throw publishedWithCourse();
      await publishDraftLessons(tx, editor, state.courseId ?? '', state.id);
      return;
    }
    const newLessons = kind === 'course' && state.published ? await publishDraftLessons(tx, editor, state.id) : 0;
    if (!state.working) {
      if (newLessons > 0) return;
      throw noChanges(r, 'publish');
    }
    const { fields } = state.working;
    checkPublishable(r, fields);
    await writeLive(tx, r, state.id, fields);
    await recordRevision(tx, editor, r, state.id, fields);
    await recordAudit(tx, {
      actor: editor,
      action: 'publish',
      entity: r.kind,
      entityId: state.id,
      beforeTitle: state.title,
      afterTitle: fieldText(fields, 'title'),
    });
  });
}

/** POST …/{id}/discard: the working copy is dropped; the editor shows the published version again. */
export async function discardChanges<T = unknown>(
  db: Db,
  editor: Editor,
  kind: WorkingKind,
  id: string,
  version?: number,
  answer: StudioAnswer<T> = answerOf(kind as RevisionKind) as StudioAnswer<T>,
): Promise<T> {
  return changeItem(db, editor, kind, id, version, answer, async (tx, r, state) => {
    if (!state.working) throw noChanges(r, 'discard');
    await writeWorkingCopy(tx, r, state, state.version, null);
    await recordAudit(tx, {
      actor: editor,
      action: 'update',
      entity: r.kind,
      entityId: state.id,
      beforeTitle: fieldText(state.working.fields, 'title'),
      afterTitle: state.title,
    });
  });
}

/** GET …/{id}/revisions: newest first. Any author may read it, as any Studio item. */
export async function listRevisions(db: Db, kind: WorkingKind, id: string): Promise<RevisionList> {
  const state = await itemState(db, REVISABLE[kind], id);
  const rows = await db
    .select({
      id: contentRevisions.id,
      title: contentRevisions.title,
      byId: contentRevisions.byId,
      byName: contentRevisions.byName,
      at: contentRevisions.at,
    })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, state.id)))
    .orderBy(desc(contentRevisions.at), desc(contentRevisions.id))
    .limit(REVISIONS_KEPT);
  return {
    revisions: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      by: { _id: row.byId, name: row.byName },
      at: iso(row.at),
    })),
  };
}

/** POST …/{id}/revisions/{rev}/restore: the revision goes into the working copy (a draft: into the item), for
 *  Update to publish. */
export async function restoreRevision<T = unknown>(
  db: Db,
  editor: Editor,
  kind: WorkingKind,
  id: string,
  revisionId: string,
  version?: number,
  answer: StudioAnswer<T> = answerOf(kind as RevisionKind) as StudioAnswer<T>,
): Promise<T> {
  return changeItem(db, editor, kind, id, version, answer, async (tx, r, state) => {
    const [revision] = isId(revisionId)
      ? await tx
          .select({ fields: contentRevisions.fields, title: contentRevisions.title })
          .from(contentRevisions)
          .where(
            and(
              eq(contentRevisions.id, revisionId),
              eq(contentRevisions.kind, kind),
              eq(contentRevisions.itemId, state.id),
            ),
          )
      : [];
    if (!revision) throw notFound(`This ${r.name} has no revision ${revisionId}`);
    const fields = { ...state.live, ...revision.fields };
    if (state.published) await writeWorkingCopy(tx, r, state, state.version, fields);
    else await writeLive(tx, r, state.id, fields, { publish: false });
    await recordAudit(tx, {
      actor: editor,
      action: 'update',
      entity: r.kind,
      entityId: state.id,
      beforeTitle: fieldText(state.working?.fields ?? state.live, 'title'),
      afterTitle: revision.title,
    });
  });
}

// BugsWorld's bugs: asking (plain-text title, sanitized description, tags, optionally the moment of a lesson video
// it was asked at), reading one, editing and deleting (the author, or an admin: moderation, recorded in the audit
// trail), accepting a solution, a lesson's questions and tag suggestions. A bug whose author account is gone keeps
// `user: null` (docs/decisions/0015-bugsworld-qa.md). Lists are in bug-list.service.ts, solutions in
// solutions.service.ts. A refused call throws a Refusal.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Bug, LessonBug, TagSuggestions } from '../../../shared/contract';
import { type Db, sqlState } from '../../db/client';
import { bugComments, bugs, bugTags } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Author, Deleter } from '../../lib/comment-mapper';
import { isId } from '../../lib/ids';
import { bugAsked, solutionAccepted } from '../notifications';
import { isBlankHtml, sanitizeRichText, sanitizeTitle } from '../../lib/sanitize';
import { lessonExists } from '../courses';
import { bugById, highlightBug } from './bug-read';

/** The questions listed on a lesson page. */
export const LESSON_BUGS_MAX = 200;

export const bugNotFound = () => notFound('Bug not found');
const lessonNotFound = () => notFound('Lesson not found');
const blankTitle = () => badRequest('title is required');
const blankDescription = () => badRequest('description is empty: describe the bug');

/** Someone editing: the author edits their own; an admin edits anyone's. */
export type Editor = Deleter;

export async function addBug(
  db: Db,
  author: Author,
  input: { title: string; description: string; tags?: string[]; lesson?: { id: string; at: number } | null },
): Promise<Bug> {
  const title = sanitizeTitle(input.title);
  if (!title) throw blankTitle();
  const description = sanitizeRichText(input.description);
  if (isBlankHtml(description)) throw blankDescription();
  const tags = input.tags ?? [];
  const lesson = input.lesson ?? null;
  if (lesson && !isId(lesson.id)) throw lessonNotFound();
  try {
    const created = await db.transaction(async (tx) => {
      // Only a lesson readers may see: a draft's is refused exactly as an unknown one, so nothing tells them apart.
      if (lesson && !(await lessonExists(tx, lesson.id))) throw lessonNotFound();
      const [row] = await tx
        .insert(bugs)
        .values({ userId: author.id, title, description, tags, lessonId: lesson?.id, lessonAt: lesson?.at })
        .returning({ id: bugs.id, createdAt: bugs.createdAt });
      if (tags.length > 0)
        await tx.insert(bugTags).values(tags.map((tag) => ({ bugId: row.id, tag, createdAt: row.createdAt })));
      // Asking a bug watches it.
      await bugAsked(tx, { bugId: row.id, authorId: author.id });
      return (await bugById(tx, row.id)) as Bug;
    });
    return await highlightBug(created);
  } catch (err) {
    // The lesson's foreign key: an unknown or just-deleted lesson.
    if (sqlState(err) === '23503') throw lessonNotFound();
    throw err;
  }
}

export async function getBug(db: Db, bugId: string): Promise<Bug> {
  const bug = isId(bugId) ? await bugById(db, bugId) : null;
  if (!bug) throw bugNotFound();
  return highlightBug(bug);
}

/** Deletes the caller's bug; its solutions go with it (foreign key cascade). */
export async function deleteBug(db: Db, author: Deleter, bugId: string): Promise<Bug> {
  if (!isId(bugId)) throw bugNotFound();
  if (author.role === 'admin') return moderateBug(db, author, bugId);
  return db.transaction(async (tx) => {
    const before = await bugById(tx, bugId);
    // One statement decides and deletes, so the ownership check and the delete cannot be split by a race.
    const [deleted] = await tx
      .delete(bugs)
      .where(and(eq(bugs.id, bugId), eq(bugs.userId, author.id)))
      .returning({ id: bugs.id });
    if (deleted && before) return before;
    throw before ? forbidden('You can only delete your own bugs') : bugNotFound();
  });
}

/** Edits a bug: its author, or an admin (recorded in the audit trail when it is someone else's). */
export async function editBug(
  db: Db,
  editor: Editor,
  bugId: string,
  input: { title?: string; description?: string; tags?: string[] },
): Promise<Bug> {
  if (!isId(bugId)) throw bugNotFound();
  const changes: Partial<typeof bugs.$inferInsert> = {};
  if (input.title !== undefined) {
    const title = sanitizeTitle(input.title);
    if (!title) throw blankTitle();
    changes.title = title;
  }
  if (input.description !== undefined) {
    const description = sanitizeRichText(input.description);
    if (isBlankHtml(description)) throw blankDescription();
    changes.description = description;
  }
  if (input.tags !== undefined) changes.tags = input.tags;
  const edited = await db.transaction(async (tx) => {
    const mayEdit = editor.role === 'admin' ? undefined : eq(bugs.userId, editor.id);
    const [before] = await tx
      .select({ title: bugs.title, userId: bugs.userId, createdAt: bugs.createdAt })
      .from(bugs)
      .where(eq(bugs.id, bugId))
      .for('update');
    if (!before) throw bugNotFound();
    const [changed] = await tx
      .update(bugs)
      .set({ ...changes, editedAt: sql`now()` })
      .where(and(eq(bugs.id, bugId), mayEdit))
      .returning({ id: bugs.id });
    if (!changed) throw forbidden('You can only edit your own bugs');
    if (input.tags !== undefined) {
      await tx.delete(bugTags).where(eq(bugTags.bugId, bugId));
      if (input.tags.length > 0)
        await tx.insert(bugTags).values(input.tags.map((tag) => ({ bugId, tag, createdAt: before.createdAt })));
    }
    if (before.userId !== editor.id)
      await recordAudit(tx, {
        actor: editor,
        action: 'update',
        entity: 'bug',
        entityId: bugId,
        beforeTitle: before.title,
        afterTitle: changes.title ?? before.title,
      });
    return (await bugById(tx, bugId)) as Bug;
  });
  return highlightBug(edited);
}

/** The bug's author accepts one of its solutions, changes it, or withdraws it (`null`). */
export async function acceptSolution(db: Db, author: Author, bugId: string, solutionId: string | null): Promise<Bug> {
  const unknownSolution = () => badRequest('solution not found');
  if (!isId(bugId)) throw bugNotFound();
  if (solutionId !== null && !isId(solutionId)) throw unknownSolution();
  try {
    // One statement checks the owner and that the solution answers this bug, and sets it; the solution's author
    // is told in the same transaction (once per solution).
    const updated = await db.transaction(async (tx) => {
      const [set] = await tx
        .update(bugs)
        .set({ acceptedSolutionId: solutionId })
        .where(
          and(
            eq(bugs.id, bugId),
            eq(bugs.userId, author.id),
            solutionId === null
              ? undefined
              : sql`exists (select 1 from ${bugComments} where ${bugComments.id} = ${solutionId} and ${bugComments.bugId} = ${bugId})`,
          ),
        )
        .returning({ id: bugs.id });
      if (set && solutionId !== null) await solutionAccepted(tx, { bugId, solutionId, acceptedBy: author.id });
      return set;
    });
    if (updated) return await highlightBug((await bugById(db, bugId)) as Bug);
  } catch (err) {
    if (sqlState(err) === '23503') throw unknownSolution();
    throw err;
  }
  const [found] = await db.select({ userId: bugs.userId }).from(bugs).where(eq(bugs.id, bugId));
  if (!found) throw bugNotFound();
  if (found.userId !== author.id) throw forbidden("Only the bug's author can accept a solution");
  const [sol] = solutionId
    ? await db.select({ id: bugComments.id }).from(bugComments).where(eq(bugComments.id, solutionId))
    : [];
  throw sol ? badRequest('solution does not answer this bug') : unknownSolution();
}

/** The questions asked on a lesson, by video time; refused when the lesson does not exist or readers may not see
 *  it. */
export async function lessonBugs(db: Db, lessonId: string): Promise<LessonBug[]> {
  if (!(await lessonExists(db, lessonId))) throw lessonNotFound();
  const rows = await db
    .select({ id: bugs.id, title: bugs.title, at: bugs.lessonAt, accepted: bugs.acceptedSolutionId })
    .from(bugs)
    .where(eq(bugs.lessonId, lessonId))
    .orderBy(bugs.lessonAt, bugs.createdAt)
    .limit(LESSON_BUGS_MAX);
  return rows.map((r) => ({ _id: r.id, title: r.title, at: r.at ?? 0, solved: r.accepted !== null }));
}

/** Tags in use that start with `prefix`, most used first (the add and edit dialogs suggest them). */
export async function suggestTags(db: Db, prefix: string): Promise<TagSuggestions> {
  const clean = prefix.trim().toLowerCase();
  if (!/^[a-z0-9+#.-]{1,24}$/.test(clean)) return { tags: [] };
  const rows = await db
    .select({ name: bugTags.tag, count: sql<number>`count(*)::int` })
    .from(bugTags)
    .where(sql`${bugTags.tag} like ${`${clean.replace(/[%_\\]/g, '\\$&')}%`}`)
    .groupBy(bugTags.tag)
    .orderBy(desc(sql`count(*)`), bugTags.tag)
    .limit(8);
  return { tags: rows.map((r) => ({ name: r.name, count: Number(r.count) })) };
}

/** An admin deletes any bug; deleting someone else's is recorded in the audit trail, in the same transaction. */
function moderateBug(db: Db, admin: Deleter, bugId: string): Promise<Bug> {
  return db.transaction(async (tx) => {
    const before = await bugById(tx, bugId);
    const [deleted] = await tx.delete(bugs).where(eq(bugs.id, bugId)).returning({
      title: bugs.title,
      userId: bugs.userId,
    });
    if (!deleted || !before) throw bugNotFound();
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'bug',
        entityId: bugId,
        beforeTitle: deleted.title,
      });
    return before;
  });
}

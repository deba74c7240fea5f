// A bug's solutions: adding, editing (the author, or an admin), deleting (the same), voting (anyone but the
// author), and the one way they are listed, `solutionPage`: the accepted one first, then by score, then newest.
// A refused call throws a Refusal.
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Comment, Solution, SolutionPage, VoteResult, VoteValue } from '../../../shared/contract';
import { type Db, sqlState } from '../../db/client';
import { bugComments, bugs, bugVotes, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { type Author, auditExcerpt, type Deleter, highlightComment, toComment } from '../../lib/comment-mapper';
import { readCursor, signCursor } from '../../lib/cursor';
import { isId } from '../../lib/ids';
import { solutionAdded, solutionVoted } from '../notifications';
import { htmlToText, isBlankHtml, sanitizeRichText } from '../../lib/sanitize';
import { badCursor, isSolutionCursor } from './bug-cursors';
import { bugNotFound, type Editor } from './bugs.service';

/** POST /api/bug/getcomment answers at most this many solutions of a bug. */
export const SOLUTIONS_MAX = 200;
/** Solutions per page of GET /api/bug/{id}/solutions (the accepted one comes on top of them on the first). */
export const SOLUTION_PAGE = 20;

const solutionNotFound = () => notFound('Solution not found');
const blankSolution = () => badRequest('content is empty: write your solution first');

const highlightSolutions = (list: Solution[]) => Promise.all(list.map(highlightComment));

export async function addSolution(db: Db, author: Author, bugId: string, html: string): Promise<Solution> {
  if (!isId(bugId)) throw bugNotFound();
  const content = sanitizeRichText(html);
  if (isBlankHtml(content)) throw blankSolution();
  try {
    // The solution, its author watching the bug, and the watchers' notifications: one transaction, and the
    // notifications one statement however many watch.
    const row = await db.transaction(async (tx) => {
      const [written] = await tx
        .insert(bugComments)
        .values({ bugId, userId: author.id, content })
        .returning({ id: bugComments.id, content: bugComments.content, createdAt: bugComments.createdAt });
      await solutionAdded(tx, { bugId, solutionId: written.id, authorId: author.id });
      return written;
    });
    return await highlightComment(
      toSolution({
        ...row,
        userId: author.id,
        userName: author.name,
        userPublic: author.profilePublic ?? null,
        score: 0,
        myVote: 0,
        accepted: false,
        editedAt: null,
      }),
    );
  } catch (err) {
    // The bug's foreign key: an unknown or just-deleted bug.
    if (sqlState(err) === '23503') throw bugNotFound();
    throw err;
  }
}

interface SolutionRow {
  id: string;
  content: string;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
  userPublic: boolean | null;
  score: number;
  myVote: number | null;
  accepted: boolean;
  editedAt: Date | null;
}

const toSolution = (row: SolutionRow): Solution => ({
  ...toComment(row),
  score: Number(row.score),
  myVote: (Number(row.myVote ?? 0) as VoteValue) || 0,
  accepted: Boolean(row.accepted),
  editedAt: row.editedAt ? new Date(row.editedAt).toISOString() : null,
});

const solutionColumns = (viewerId: string | null) => ({
  id: bugComments.id,
  content: bugComments.content,
  createdAt: bugComments.createdAt,
  createdKey: sql<string>`${bugComments.createdAt}::text`,
  userId: users.id,
  userName: users.name,
  userPublic: users.profilePublic,
  score: bugComments.score,
  editedAt: bugComments.editedAt,
  accepted: sql<boolean>`(${bugs.acceptedSolutionId} is not distinct from ${bugComments.id})`,
  myVote: viewerId
    ? sql<
        number | null
      >`(select ${bugVotes.value} from ${bugVotes} where ${bugVotes.solutionId} = ${bugComments.id} and ${bugVotes.userId} = ${viewerId})`
    : sql<null>`null::smallint`,
});

const selectSolutions = (db: Db, viewerId: string | null) =>
  db
    .select(solutionColumns(viewerId))
    .from(bugComments)
    .leftJoin(users, eq(users.id, bugComments.userId))
    .innerJoin(bugs, eq(bugs.id, bugComments.bugId))
    .$dynamic();

const solutionOrder = [desc(bugComments.score), desc(bugComments.createdAt), desc(bugComments.id)];

export interface SolutionPageOptions {
  /** Where the previous page ended; none for the first page. */
  cursor?: string;
  /** Solutions on the page besides the accepted one (which leads the first page). */
  size: number;
  /** At most this many in the answer, the accepted one included. */
  cap?: number;
}

/**
 * One page of a bug's solutions: the accepted one first (on the first page), then the rest by score, then newest,
 * with a keyset cursor (score, creation time, id) so any page costs the same. Refused when the bug does not exist.
 */
export async function solutionPage(
  db: Db,
  bugId: string,
  viewerId: string | null,
  { cursor, size, cap }: SolutionPageOptions,
): Promise<SolutionPage> {
  if (!isId(bugId)) throw bugNotFound();
  const position = cursor ? await readCursor(db, cursor) : undefined;
  if (position !== undefined && !isSolutionCursor(position)) throw badCursor();
  const [bug] = await db.select({ accepted: bugs.acceptedSolutionId }).from(bugs).where(eq(bugs.id, bugId));
  if (!bug) throw bugNotFound();
  const where: (SQL | undefined)[] = [eq(bugComments.bugId, bugId)];
  if (bug.accepted) where.push(ne(bugComments.id, bug.accepted));
  if (position)
    where.push(
      sql`(${bugComments.score}, ${bugComments.createdAt}, ${bugComments.id}) < (${position.s}, ${position.c}::timestamptz, ${position.i}::uuid)`,
    );
  const [accepted, rows] = await Promise.all([
    bug.accepted && !position
      ? selectSolutions(db, viewerId).where(eq(bugComments.id, bug.accepted))
      : Promise.resolve([]),
    selectSolutions(db, viewerId)
      .where(and(...where))
      .orderBy(...solutionOrder)
      .limit(size + 1),
  ]);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > size && last ? await signCursor(db, { s: Number(last.score), c: last.createdKey, i: last.id }) : null;
  const solutions = [...accepted, ...page].slice(0, cap).map(toSolution);
  return { solutions: await highlightSolutions(solutions), nextCursor };
}

/** GET /api/bug/{id}/solutions: a page of SOLUTION_PAGE solutions after the accepted one. */
export const listSolutionPage = (db: Db, bugId: string, viewerId: string | null, cursor?: string) =>
  solutionPage(db, bugId, viewerId, { cursor, size: SOLUTION_PAGE });

/** POST /api/bug/getcomment: a bug's first SOLUTIONS_MAX solutions, the accepted one included; refused when the bug
 *  does not exist. */
export async function listSolutions(db: Db, bugId: string, viewerId: string | null = null): Promise<Solution[]> {
  return (await solutionPage(db, bugId, viewerId, { size: SOLUTIONS_MAX, cap: SOLUTIONS_MAX })).solutions;
}

/** Edits a solution: its author, or an admin (recorded in the audit trail when it is someone else's). */
export async function editSolution(db: Db, editor: Editor, solutionId: string, html: string): Promise<Solution> {
  if (!isId(solutionId)) throw solutionNotFound();
  const content = sanitizeRichText(html);
  if (isBlankHtml(content)) throw blankSolution();
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: bugComments.userId, content: bugComments.content })
      .from(bugComments)
      .where(eq(bugComments.id, solutionId));
    if (!before) throw solutionNotFound();
    const [edited] = await tx
      .update(bugComments)
      .set({ content, editedAt: sql`now()` })
      .where(
        and(eq(bugComments.id, solutionId), editor.role === 'admin' ? undefined : eq(bugComments.userId, editor.id)),
      )
      .returning({ id: bugComments.id });
    if (!edited) throw forbidden('You can only edit your own solutions');
    if (before.userId !== editor.id)
      await recordAudit(tx, {
        actor: editor,
        action: 'update',
        entity: 'solution',
        entityId: solutionId,
        beforeTitle: auditExcerpt(htmlToText(before.content)),
        afterTitle: auditExcerpt(htmlToText(content)),
      });
    const [row] = await selectSolutions(tx, editor.id).where(eq(bugComments.id, solutionId));
    return toSolution(row);
  });
  return highlightComment(result);
}

/**
 * Records the voter's vote on a solution (1, -1, or 0 to withdraw) and moves its score, in one statement: the
 * upsert's ON CONFLICT locks the (user, solution) row and keeps the value it replaced in `previous`, and the score
 * moves by the difference with `score = score + d`, which PostgreSQL applies to the latest row version. Two voters
 * racing, or one voter racing themself, therefore always leave score = the sum of the votes.
 */
export async function vote(db: Db, voter: Author, solutionId: string, value: VoteValue): Promise<VoteResult> {
  if (!isId(solutionId)) throw solutionNotFound();
  const result = (await db.execute(sql`
    with v as (
      insert into ${bugVotes} (user_id, solution_id, value, previous)
      select ${voter.id}::uuid, c.id, ${value}::smallint, 0 from ${bugComments} c
      where c.id = ${solutionId}::uuid and c.user_id <> ${voter.id}::uuid
      on conflict (user_id, solution_id)
        do update set previous = ${bugVotes}.value, value = excluded.value
      returning value, previous
    )
    update ${bugComments} set score = score + (select value - previous from v)
    where id = ${solutionId}::uuid and exists (select 1 from v)
    returning score, (select previous from v) as previous`)) as { rows: { score: number; previous: number }[] };
  const [row] = result.rows;
  if (row) {
    // A new up-vote counts up the author's one unread vote notification of this solution.
    if (value === 1 && Number(row.previous) !== 1) await solutionVoted(db, { solutionId, voterId: voter.id });
    return { score: Number(row.score), myVote: value };
  }
  const [found] = await db.select({ id: bugComments.id }).from(bugComments).where(eq(bugComments.id, solutionId));
  throw found ? forbidden('You cannot vote on your own solution') : solutionNotFound();
}

export async function deleteSolution(db: Db, author: Deleter, solutionId: string): Promise<Comment> {
  if (!isId(solutionId)) throw solutionNotFound();
  if (author.role === 'admin') return moderateSolution(db, author, solutionId);
  const [deleted] = await db
    .delete(bugComments)
    .where(and(eq(bugComments.id, solutionId), eq(bugComments.userId, author.id)))
    .returning({ id: bugComments.id, content: bugComments.content, createdAt: bugComments.createdAt });
  if (deleted)
    return toComment({ ...deleted, userId: author.id, userName: author.name, userPublic: author.profilePublic });
  const [existing] = await db.select({ id: bugComments.id }).from(bugComments).where(eq(bugComments.id, solutionId));
  throw existing ? forbidden('You can only delete your own solutions') : solutionNotFound();
}

const ownerName = async (db: Db, userId: string | null) => {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
};

/** An admin deletes any solution; deleting someone else's is recorded in the audit trail. */
function moderateSolution(db: Db, admin: Deleter, solutionId: string): Promise<Comment> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(bugComments).where(eq(bugComments.id, solutionId)).returning({
      id: bugComments.id,
      content: bugComments.content,
      createdAt: bugComments.createdAt,
      userId: bugComments.userId,
    });
    if (!deleted) throw solutionNotFound();
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'solution',
        entityId: solutionId,
        beforeTitle: auditExcerpt(htmlToText(deleted.content)),
      });
    return toComment({ ...deleted, userName: (await ownerName(tx, deleted.userId)) ?? '' });
  });
}

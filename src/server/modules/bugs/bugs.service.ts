// BugsWorld: bugs (plain-text title, sanitized description) and their solutions. Lists are newest first and
// capped; an author deletes what they wrote, and an admin deletes anything (moderation, recorded in the audit
// trail). A bug whose author account is gone keeps `user: null`.
import { and, desc, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Bug, BugList, Comment } from '../../../shared/contract';
import { type Db, sqlState } from '../../db/client';
import { bugComments, bugs, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { type Author, auditExcerpt, type Deleter, highlightComment, toComment } from '../../lib/comment-mapper';
import { highlightCode } from '../../lib/highlight';
import { isId } from '../../lib/ids';
import { htmlToText, isBlankHtml, sanitizeRichText, sanitizeTitle } from '../../lib/sanitize';

/** Each bug list (yours, others') holds at most this many, the newest. */
export const BUGS_MAX = 100;
/** A bug shows at most this many solutions, the newest. */
export const SOLUTIONS_MAX = 200;

export type AddBugResult = { ok: true; bug: Bug } | { ok: false; reason: 'blank-title' | 'blank-description' };
export type DeleteResult<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'not-owner' };
export type AddSolutionResult = { ok: true; solution: Comment } | { ok: false; reason: 'blank' | 'bug-not-found' };

const bugColumns = {
  id: bugs.id,
  title: bugs.title,
  description: bugs.description,
  createdAt: bugs.createdAt,
  userId: users.id,
  userName: users.name,
};

interface BugRow {
  id: string;
  title: string;
  description: string;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
}

const toBug = (row: BugRow): Bug => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  date: row.createdAt.toISOString(),
  user: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
});

/** A bug as readers get it: its description's code blocks highlighted (decision 0017). */
const highlightBug = async (bug: Bug): Promise<Bug> => ({ ...bug, description: await highlightCode(bug.description) });

export async function addBug(
  db: Db,
  author: Author,
  input: { title: string; description: string },
): Promise<AddBugResult> {
  const title = sanitizeTitle(input.title);
  if (!title) return { ok: false, reason: 'blank-title' };
  const description = sanitizeRichText(input.description);
  if (isBlankHtml(description)) return { ok: false, reason: 'blank-description' };
  const [row] = await db
    .insert(bugs)
    .values({ userId: author.id, title, description })
    .returning({ id: bugs.id, title: bugs.title, description: bugs.description, createdAt: bugs.createdAt });
  return { ok: true, bug: await highlightBug(toBug({ ...row, userId: author.id, userName: author.name })) };
}

function listBugsWhere(db: Db, where: SQL | undefined): Promise<BugRow[]> {
  return db
    .select(bugColumns)
    .from(bugs)
    .leftJoin(users, eq(users.id, bugs.userId))
    .where(where)
    .orderBy(desc(bugs.createdAt), desc(bugs.id))
    .limit(BUGS_MAX);
}

/** The caller's bugs and everyone else's (including bugs whose author is gone), newest first. */
export async function listBugs(db: Db, userId: string): Promise<BugList> {
  const [mine, others] = await Promise.all([
    listBugsWhere(db, eq(bugs.userId, userId)),
    listBugsWhere(db, or(isNull(bugs.userId), ne(bugs.userId, userId))),
  ]);
  const highlighted = (rows: BugRow[]) => Promise.all(rows.map((row) => highlightBug(toBug(row))));
  return { userBugs: await highlighted(mine), otherBugs: await highlighted(others) };
}

export async function getBug(db: Db, bugId: string): Promise<Bug | null> {
  if (!isId(bugId)) return null;
  const [row] = await db
    .select(bugColumns)
    .from(bugs)
    .leftJoin(users, eq(users.id, bugs.userId))
    .where(eq(bugs.id, bugId));
  return row ? highlightBug(toBug(row)) : null;
}

/** Deletes the caller's bug; its solutions go with it (foreign key cascade). */
export async function deleteBug(db: Db, author: Deleter, bugId: string): Promise<DeleteResult<Bug>> {
  if (!isId(bugId)) return { ok: false, reason: 'not-found' };
  if (author.role === 'admin') return moderateBug(db, author, bugId);
  // One statement decides and deletes, so the ownership check and the delete cannot be split by a race.
  const [deleted] = await db
    .delete(bugs)
    .where(and(eq(bugs.id, bugId), eq(bugs.userId, author.id)))
    .returning({ id: bugs.id, title: bugs.title, description: bugs.description, createdAt: bugs.createdAt });
  if (deleted) return { ok: true, value: toBug({ ...deleted, userId: author.id, userName: author.name }) };
  const [existing] = await db.select({ id: bugs.id }).from(bugs).where(eq(bugs.id, bugId));
  return { ok: false, reason: existing ? 'not-owner' : 'not-found' };
}

export async function addSolution(db: Db, author: Author, bugId: string, html: string): Promise<AddSolutionResult> {
  if (!isId(bugId)) return { ok: false, reason: 'bug-not-found' };
  const content = sanitizeRichText(html);
  if (isBlankHtml(content)) return { ok: false, reason: 'blank' };
  try {
    const [row] = await db
      .insert(bugComments)
      .values({ bugId, userId: author.id, content })
      .returning({ id: bugComments.id, content: bugComments.content, createdAt: bugComments.createdAt });
    return {
      ok: true,
      solution: await highlightComment(toComment({ ...row, userId: author.id, userName: author.name })),
    };
  } catch (err) {
    // The bug's foreign key: an unknown or just-deleted bug.
    if (sqlState(err) === '23503') return { ok: false, reason: 'bug-not-found' };
    throw err;
  }
}

/** The newest solutions of a bug first; null when the bug does not exist. */
export async function listSolutions(db: Db, bugId: string): Promise<Comment[] | null> {
  if (!isId(bugId)) return null;
  const rows = await db
    .select({
      id: bugComments.id,
      content: bugComments.content,
      createdAt: bugComments.createdAt,
      userId: users.id,
      userName: users.name,
    })
    .from(bugComments)
    .innerJoin(users, eq(users.id, bugComments.userId))
    .where(eq(bugComments.bugId, bugId))
    .orderBy(desc(bugComments.createdAt), desc(bugComments.id))
    .limit(SOLUTIONS_MAX);
  if (rows.length === 0) {
    const [bug] = await db.select({ id: bugs.id }).from(bugs).where(eq(bugs.id, bugId));
    if (!bug) return null;
  }
  return Promise.all(rows.map((row) => highlightComment(toComment(row))));
}

export async function deleteSolution(db: Db, author: Deleter, solutionId: string): Promise<DeleteResult<Comment>> {
  if (!isId(solutionId)) return { ok: false, reason: 'not-found' };
  if (author.role === 'admin') return moderateSolution(db, author, solutionId);
  const [deleted] = await db
    .delete(bugComments)
    .where(and(eq(bugComments.id, solutionId), eq(bugComments.userId, author.id)))
    .returning({ id: bugComments.id, content: bugComments.content, createdAt: bugComments.createdAt });
  if (deleted) return { ok: true, value: toComment({ ...deleted, userId: author.id, userName: author.name }) };
  const [existing] = await db.select({ id: bugComments.id }).from(bugComments).where(eq(bugComments.id, solutionId));
  return { ok: false, reason: existing ? 'not-owner' : 'not-found' };
}

const ownerName = async (db: Db, userId: string | null) => {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
};

/** An admin deletes any bug; deleting someone else's is recorded in the audit trail, in the same transaction. */
function moderateBug(db: Db, admin: Deleter, bugId: string): Promise<DeleteResult<Bug>> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(bugs).where(eq(bugs.id, bugId)).returning({
      id: bugs.id,
      title: bugs.title,
      description: bugs.description,
      createdAt: bugs.createdAt,
      userId: bugs.userId,
    });
    if (!deleted) return { ok: false, reason: 'not-found' } as const;
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'bug',
        entityId: bugId,
        beforeTitle: deleted.title,
      });
    return { ok: true, value: toBug({ ...deleted, userName: await ownerName(tx, deleted.userId) }) } as const;
  });
}

/** An admin deletes any solution; deleting someone else's is recorded in the audit trail. */
function moderateSolution(db: Db, admin: Deleter, solutionId: string): Promise<DeleteResult<Comment>> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(bugComments).where(eq(bugComments.id, solutionId)).returning({
      id: bugComments.id,
      content: bugComments.content,
      createdAt: bugComments.createdAt,
      userId: bugComments.userId,
    });
    if (!deleted) return { ok: false, reason: 'not-found' } as const;
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'solution',
        entityId: solutionId,
        beforeTitle: auditExcerpt(htmlToText(deleted.content)),
      });
    return {
      ok: true,
      value: toComment({ ...deleted, userName: (await ownerName(tx, deleted.userId)) ?? '' }),
    } as const;
  });
}

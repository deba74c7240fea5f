// BugsWorld: bugs (plain-text title, sanitized description) and their solutions. An author edits and deletes what
// they wrote, and an admin edits and deletes anything (moderation, recorded in the audit trail). A bug whose author
// account is gone keeps `user: null`. Issue 12 makes it a Q&A: tags, an accepted solution, votes on solutions,
// search, cursor pages and the lesson moment a bug was asked at (docs/decisions/0015-bugsworld-qa.md).
import { and, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type {
  Bug,
  BugList,
  BugPage,
  Comment,
  LessonBug,
  Solution,
  SolutionPage,
  TagSuggestions,
  VoteResult,
  VoteValue,
} from '../../../shared/contract';
import { type Db, sqlState } from '../../db/client';
import { bugComments, bugs, bugTags, bugVotes, lessons, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { type Author, auditExcerpt, type Deleter, highlightComment, toComment } from '../../lib/comment-mapper';
import { highlightCode } from '../../lib/highlight';
import { readCursor, signCursor } from '../../lib/cursor';
import { isId } from '../../lib/ids';
import { htmlToText, isBlankHtml, sanitizeRichText, sanitizeTitle } from '../../lib/sanitize';
import { prefixTsquery } from '../search';

/** Each bug list of the SPEC call (yours, others') holds at most this many, the newest. */
export const BUGS_MAX = 100;
/** The SPEC call shows at most this many solutions of a bug. */
export const SOLUTIONS_MAX = 200;
/** Bugs per page of GET /api/bug/list, solutions per page of GET /api/bug/{id}/solutions. */
export const BUG_PAGE = 20;
export const SOLUTION_PAGE = 20;
/** A search ranks at most this many matches (as course search does, decision 0007); pages walk through them. */
export const SEARCH_CANDIDATES = 500;
/** The questions listed on a lesson page. */
export const LESSON_BUGS_MAX = 200;

export type AddBugResult =
  { ok: true; bug: Bug } | { ok: false; reason: 'blank-title' | 'blank-description' | 'lesson-not-found' };
export type DeleteResult<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'not-owner' };
export type AddSolutionResult = { ok: true; solution: Solution } | { ok: false; reason: 'blank' | 'bug-not-found' };
export type EditResult<T> =
  { ok: true; value: T } | { ok: false; reason: 'not-found' | 'not-owner' | 'blank-title' | 'blank-description' };
export type AcceptResult =
  { ok: true; bug: Bug } | { ok: false; reason: 'not-found' | 'not-owner' | 'solution-not-found' | 'other-bug' };
export type VoteOutcome = { ok: true; value: VoteResult } | { ok: false; reason: 'not-found' | 'own' };
export type PageResult<T> = { ok: true; page: T } | { ok: false; reason: 'bad-cursor' };

/** Someone editing: the author edits their own; an admin edits anyone's. */
export type Editor = Deleter;

const solutionCount = sql<number>`(select count(*)::int from ${bugComments} where ${bugComments.bugId} = ${bugs.id})`;
const bestScore = sql<
  number | null
>`(select max(${bugComments.score}) from ${bugComments} where ${bugComments.bugId} = ${bugs.id})`;

const bugColumns = {
  id: bugs.id,
  title: bugs.title,
  description: bugs.description,
  createdAt: bugs.createdAt,
  /** The creation time at full (microsecond) precision, for cursors: a JS Date keeps milliseconds only. */
  createdKey: sql<string>`${bugs.createdAt}::text`,
  userId: users.id,
  userName: users.name,
  tags: bugs.tags,
  acceptedSolutionId: bugs.acceptedSolutionId,
  editedAt: bugs.editedAt,
  lessonId: lessons.id,
  lessonCourseId: lessons.courseId,
  lessonTitle: lessons.title,
  lessonAt: bugs.lessonAt,
  solutionCount,
  bestScore,
};

interface BugRow {
  id: string;
  title: string;
  description: string;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
  tags: string[];
  acceptedSolutionId: string | null;
  editedAt: Date | null;
  lessonId: string | null;
  lessonCourseId: string | null;
  lessonTitle: string | null;
  lessonAt: number | null;
  solutionCount: number;
  bestScore: number | null;
}

const toBug = (row: BugRow): Bug => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  date: row.createdAt.toISOString(),
  user: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
  tags: row.tags,
  solved: row.acceptedSolutionId !== null,
  acceptedSolution: row.acceptedSolutionId,
  solutionCount: Number(row.solutionCount),
  bestScore: row.bestScore === null ? null : Number(row.bestScore),
  editedAt: row.editedAt ? new Date(row.editedAt).toISOString() : null,
  lesson:
    row.lessonId && row.lessonCourseId && row.lessonTitle !== null && row.lessonAt !== null
      ? { courseId: row.lessonCourseId, id: row.lessonId, title: row.lessonTitle, at: row.lessonAt }
      : null,
});

const selectBugs = (db: Db) =>
  db
    .select(bugColumns)
    .from(bugs)
    .leftJoin(users, eq(users.id, bugs.userId))
    .leftJoin(lessons, eq(lessons.id, bugs.lessonId))
    .$dynamic();

/** A bug as readers get it: its description's code blocks highlighted (decision 0017). Applied to what a call
 *  answers, after its transaction: a first block of a language may take a while, and holds no connection then. */
const highlightBug = async (bug: Bug): Promise<Bug> => ({ ...bug, description: await highlightCode(bug.description) });
const highlightBugs = (list: Bug[]) => Promise.all(list.map(highlightBug));
const highlightSolutions = (list: Solution[]) => Promise.all(list.map(highlightComment));

async function bugById(db: Db, bugId: string): Promise<Bug | null> {
  const [row] = await selectBugs(db).where(eq(bugs.id, bugId));
  return row ? toBug(row) : null;
}

export async function addBug(
  db: Db,
  author: Author,
  input: { title: string; description: string; tags?: string[]; lesson?: { id: string; at: number } | null },
): Promise<AddBugResult> {
  const title = sanitizeTitle(input.title);
  if (!title) return { ok: false, reason: 'blank-title' };
  const description = sanitizeRichText(input.description);
  if (isBlankHtml(description)) return { ok: false, reason: 'blank-description' };
  const tags = input.tags ?? [];
  const lesson = input.lesson ?? null;
  if (lesson && !isId(lesson.id)) return { ok: false, reason: 'lesson-not-found' };
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bugs)
        .values({ userId: author.id, title, description, tags, lessonId: lesson?.id, lessonAt: lesson?.at })
        .returning({ id: bugs.id, createdAt: bugs.createdAt });
      if (tags.length > 0)
        await tx.insert(bugTags).values(tags.map((tag) => ({ bugId: row.id, tag, createdAt: row.createdAt })));
      return (await bugById(tx, row.id)) as Bug;
    });
    return { ok: true, bug: await highlightBug(created) };
  } catch (err) {
    // The lesson's foreign key: an unknown or just-deleted lesson.
    if (sqlState(err) === '23503') return { ok: false, reason: 'lesson-not-found' };
    throw err;
  }
}

function listBugsWhere(db: Db, where: SQL | undefined): Promise<BugRow[]> {
  return selectBugs(db).where(where).orderBy(desc(bugs.createdAt), desc(bugs.id)).limit(BUGS_MAX);
}

/** The caller's bugs and everyone else's (including bugs whose author is gone), newest first. */
export async function listBugs(db: Db, userId: string): Promise<BugList> {
  const [mine, others] = await Promise.all([
    listBugsWhere(db, eq(bugs.userId, userId)),
    listBugsWhere(db, or(isNull(bugs.userId), ne(bugs.userId, userId))),
  ]);
  const [userBugs, otherBugs] = await Promise.all([highlightBugs(mine.map(toBug)), highlightBugs(others.map(toBug))]);
  return { userBugs, otherBugs };
}

export interface BugFilter {
  tag?: string;
  q?: string;
  unsolved?: boolean;
  /** true: the viewer's bugs; false: everyone else's; undefined: all. */
  mine?: boolean;
}

type KeysetCursor = { c: string; i: string };
type SearchCursor = { o: number };
const isKeyset = (v: unknown): v is KeysetCursor =>
  typeof v === 'object' && v !== null && typeof (v as KeysetCursor).c === 'string' && isId((v as KeysetCursor).i);
const isSearchCursor = (v: unknown): v is SearchCursor =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as SearchCursor).o) &&
  (v as SearchCursor).o > 0 &&
  (v as SearchCursor).o < SEARCH_CANDIDATES;

/** The filters every list shares (everything but the tag, which drives the tag path's index). */
function filterWhere(viewerId: string, filter: BugFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.unsolved) where.push(isNull(bugs.acceptedSolutionId));
  if (filter.mine === true) where.push(eq(bugs.userId, viewerId));
  if (filter.mine === false) where.push(or(isNull(bugs.userId), ne(bugs.userId, viewerId)) as SQL);
  return where;
}

/**
 * One page of bugs. Without `q`: newest first, a keyset cursor (creation time, id), so a page costs the same at
 * any depth and bugs added meanwhile never shift later pages. With a tag the walk runs down `bug_tags`' own
 * (tag, created_at, bug_id) index. With `q`: best match first among at most SEARCH_CANDIDATES matches (the
 * cursor is the offset into them).
 */
export async function listBugPage(
  db: Db,
  viewerId: string,
  filter: BugFilter,
  cursor?: string,
): Promise<PageResult<BugPage>> {
  const position = cursor ? await readCursor(db, cursor) : undefined;
  const tsquery = filter.q ? prefixTsquery(filter.q) : null;
  if (tsquery) {
    if (position !== undefined && !isSearchCursor(position)) return { ok: false, reason: 'bad-cursor' };
    return { ok: true, page: await searchPage(db, viewerId, filter, tsquery, position?.o ?? 0) };
  }
  if (position !== undefined && !isKeyset(position)) return { ok: false, reason: 'bad-cursor' };
  const where = filterWhere(viewerId, filter);
  let rows: (BugRow & { createdKey: string })[];
  if (filter.tag) {
    if (position)
      where.push(sql`(${bugTags.createdAt}, ${bugTags.bugId}) < (${position.c}::timestamptz, ${position.i}::uuid)`);
    rows = await selectBugs(db)
      .innerJoin(bugTags, and(eq(bugTags.bugId, bugs.id), eq(bugTags.tag, filter.tag)))
      .where(and(...where))
      .orderBy(desc(bugTags.createdAt), desc(bugTags.bugId))
      .limit(BUG_PAGE + 1);
  } else {
    if (position) where.push(sql`(${bugs.createdAt}, ${bugs.id}) < (${position.c}::timestamptz, ${position.i}::uuid)`);
    rows = await selectBugs(db)
      .where(and(...where))
      .orderBy(desc(bugs.createdAt), desc(bugs.id))
      .limit(BUG_PAGE + 1);
  }
  const page = rows.slice(0, BUG_PAGE);
  const last = page[page.length - 1];
  const nextCursor = rows.length > BUG_PAGE && last ? await signCursor(db, { c: last.createdKey, i: last.id }) : null;
  return { ok: true, page: { bugs: await highlightBugs(page.map(toBug)), nextCursor } };
}

async function searchPage(
  db: Db,
  viewerId: string,
  filter: BugFilter,
  tsquery: string,
  offset: number,
): Promise<BugPage> {
  const query = sql`to_tsquery('english', ${tsquery})`;
  const where = [sql`${bugs.search} @@ ${query}`, ...filterWhere(viewerId, filter)];
  if (filter.tag)
    where.push(
      sql`exists (select 1 from ${bugTags} where ${bugTags.bugId} = ${bugs.id} and ${bugTags.tag} = ${filter.tag})`,
    );
  // Rank a bounded set of candidates found through the GIN index, so the cost does not grow with the matches.
  const candidates = db
    .select({ id: bugs.id, createdAt: bugs.createdAt, search: bugs.search })
    .from(bugs)
    .where(and(...where))
    .limit(SEARCH_CANDIDATES)
    .as('c');
  const ranked = await db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(desc(sql`ts_rank(${candidates.search}, ${query})`), desc(candidates.createdAt), desc(candidates.id))
    .offset(offset)
    .limit(BUG_PAGE + 1);
  const ids = ranked.slice(0, BUG_PAGE).map((r) => r.id);
  const rows = ids.length ? await selectBugs(db).where(sql`${bugs.id} in ${ids}`) : [];
  const byId = new Map(rows.map((r) => [r.id, toBug(r)]));
  const next = offset + BUG_PAGE;
  return {
    bugs: await highlightBugs(ids.flatMap((id) => byId.get(id) ?? [])),
    nextCursor: ranked.length > BUG_PAGE && next < SEARCH_CANDIDATES ? await signCursor(db, { o: next }) : null,
  };
}

export async function getBug(db: Db, bugId: string): Promise<Bug | null> {
  if (!isId(bugId)) return null;
  const bug = await bugById(db, bugId);
  return bug && highlightBug(bug);
}

/** Deletes the caller's bug; its solutions go with it (foreign key cascade). */
export async function deleteBug(db: Db, author: Deleter, bugId: string): Promise<DeleteResult<Bug>> {
  if (!isId(bugId)) return { ok: false, reason: 'not-found' };
  if (author.role === 'admin') return moderateBug(db, author, bugId);
  return db.transaction(async (tx) => {
    const before = await bugById(tx, bugId);
    // One statement decides and deletes, so the ownership check and the delete cannot be split by a race.
    const [deleted] = await tx
      .delete(bugs)
      .where(and(eq(bugs.id, bugId), eq(bugs.userId, author.id)))
      .returning({ id: bugs.id });
    if (deleted && before) return { ok: true, value: before } as const;
    return { ok: false, reason: before ? 'not-owner' : 'not-found' } as const;
  });
}

/** Edits a bug: its author, or an admin (recorded in the audit trail when it is someone else's). */
export async function editBug(
  db: Db,
  editor: Editor,
  bugId: string,
  input: { title?: string; description?: string; tags?: string[] },
): Promise<EditResult<Bug>> {
  if (!isId(bugId)) return { ok: false, reason: 'not-found' };
  const changes: Partial<typeof bugs.$inferInsert> = {};
  if (input.title !== undefined) {
    const title = sanitizeTitle(input.title);
    if (!title) return { ok: false, reason: 'blank-title' };
    changes.title = title;
  }
  if (input.description !== undefined) {
    const description = sanitizeRichText(input.description);
    if (isBlankHtml(description)) return { ok: false, reason: 'blank-description' };
    changes.description = description;
  }
  if (input.tags !== undefined) changes.tags = input.tags;
  const result = await db.transaction(async (tx) => {
    const mayEdit = editor.role === 'admin' ? undefined : eq(bugs.userId, editor.id);
    const [before] = await tx
      .select({ title: bugs.title, userId: bugs.userId, createdAt: bugs.createdAt })
      .from(bugs)
      .where(eq(bugs.id, bugId))
      .for('update');
    if (!before) return { ok: false, reason: 'not-found' } as const;
    const [edited] = await tx
      .update(bugs)
      .set({ ...changes, editedAt: sql`now()` })
      .where(and(eq(bugs.id, bugId), mayEdit))
      .returning({ id: bugs.id });
    if (!edited) return { ok: false, reason: 'not-owner' } as const;
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
    return { ok: true, value: (await bugById(tx, bugId)) as Bug } as const;
  });
  return result.ok ? { ok: true, value: await highlightBug(result.value) } : result;
}

/** The bug's author accepts one of its solutions, changes it, or withdraws it (`null`). */
export async function acceptSolution(
  db: Db,
  author: Author,
  bugId: string,
  solutionId: string | null,
): Promise<AcceptResult> {
  if (!isId(bugId)) return { ok: false, reason: 'not-found' };
  if (solutionId !== null && !isId(solutionId)) return { ok: false, reason: 'solution-not-found' };
  try {
    // One statement checks the owner and that the solution answers this bug, and sets it.
    const [updated] = await db
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
    if (updated) return { ok: true, bug: await highlightBug((await bugById(db, bugId)) as Bug) };
  } catch (err) {
    if (sqlState(err) === '23503') return { ok: false, reason: 'solution-not-found' };
    throw err;
  }
  const [found] = await db.select({ userId: bugs.userId }).from(bugs).where(eq(bugs.id, bugId));
  if (!found) return { ok: false, reason: 'not-found' };
  if (found.userId !== author.id) return { ok: false, reason: 'not-owner' };
  const [sol] = solutionId
    ? await db.select({ id: bugComments.id }).from(bugComments).where(eq(bugComments.id, solutionId))
    : [];
  return { ok: false, reason: sol ? 'other-bug' : 'solution-not-found' };
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
      solution: await highlightComment(
        toSolution({
          ...row,
          userId: author.id,
          userName: author.name,
          score: 0,
          myVote: 0,
          accepted: false,
          editedAt: null,
        }),
      ),
    };
  } catch (err) {
    // The bug's foreign key: an unknown or just-deleted bug.
    if (sqlState(err) === '23503') return { ok: false, reason: 'bug-not-found' };
    throw err;
  }
}

interface SolutionRow {
  id: string;
  content: string;
  createdAt: Date;
  userId: string;
  userName: string;
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
    .innerJoin(users, eq(users.id, bugComments.userId))
    .innerJoin(bugs, eq(bugs.id, bugComments.bugId))
    .$dynamic();

const solutionOrder = [desc(bugComments.score), desc(bugComments.createdAt), desc(bugComments.id)];

/** A bug's solutions (the SPEC call): accepted first, then by score, then newest; null when the bug does not exist. */
export async function listSolutions(db: Db, bugId: string, viewerId: string | null = null): Promise<Solution[] | null> {
  if (!isId(bugId)) return null;
  const rows = await selectSolutions(db, viewerId)
    .where(eq(bugComments.bugId, bugId))
    .orderBy(desc(sql`(${bugs.acceptedSolutionId} is not distinct from ${bugComments.id})`), ...solutionOrder)
    .limit(SOLUTIONS_MAX);
  if (rows.length === 0) {
    const [bug] = await db.select({ id: bugs.id }).from(bugs).where(eq(bugs.id, bugId));
    if (!bug) return null;
  }
  return highlightSolutions(rows.map(toSolution));
}

type SolutionCursor = { s: number; c: string; i: string };
const isSolutionCursor = (v: unknown): v is SolutionCursor => isKeyset(v) && Number.isInteger((v as SolutionCursor).s);

/**
 * One page of a bug's solutions: the accepted one first (on the first page), then the rest by score, then newest,
 * with a keyset cursor (score, creation time, id) so any page costs the same. Null when the bug does not exist.
 */
export async function listSolutionPage(
  db: Db,
  bugId: string,
  viewerId: string | null,
  cursor?: string,
): Promise<PageResult<SolutionPage> | null> {
  if (!isId(bugId)) return null;
  const position = cursor ? await readCursor(db, cursor) : undefined;
  if (position !== undefined && !isSolutionCursor(position)) return { ok: false, reason: 'bad-cursor' };
  const [bug] = await db.select({ accepted: bugs.acceptedSolutionId }).from(bugs).where(eq(bugs.id, bugId));
  if (!bug) return null;
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
      .limit(SOLUTION_PAGE + 1),
  ]);
  const page = rows.slice(0, SOLUTION_PAGE);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > SOLUTION_PAGE && last
      ? await signCursor(db, { s: Number(last.score), c: last.createdKey, i: last.id })
      : null;
  return {
    ok: true,
    page: { solutions: await highlightSolutions([...accepted, ...page].map(toSolution)), nextCursor },
  };
}

/** Edits a solution: its author, or an admin (recorded in the audit trail when it is someone else's). */
export async function editSolution(
  db: Db,
  editor: Editor,
  solutionId: string,
  html: string,
): Promise<EditResult<Solution>> {
  if (!isId(solutionId)) return { ok: false, reason: 'not-found' };
  const content = sanitizeRichText(html);
  if (isBlankHtml(content)) return { ok: false, reason: 'blank-description' };
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: bugComments.userId, content: bugComments.content })
      .from(bugComments)
      .where(eq(bugComments.id, solutionId));
    if (!before) return { ok: false, reason: 'not-found' } as const;
    const [edited] = await tx
      .update(bugComments)
      .set({ content, editedAt: sql`now()` })
      .where(
        and(eq(bugComments.id, solutionId), editor.role === 'admin' ? undefined : eq(bugComments.userId, editor.id)),
      )
      .returning({ id: bugComments.id });
    if (!edited) return { ok: false, reason: 'not-owner' } as const;
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
    return { ok: true, value: toSolution(row) } as const;
  });
  return result.ok ? { ok: true, value: await highlightComment(result.value) } : result;
}

/**
 * Records the voter's vote on a solution (1, -1, or 0 to withdraw) and moves its score, in one statement: the
 * upsert's ON CONFLICT locks the (user, solution) row and keeps the value it replaced in `previous`, and the score
 * moves by the difference with `score = score + d`, which PostgreSQL applies to the latest row version. Two voters
 * racing, or one voter racing themself, therefore always leave score = the sum of the votes.
 */
export async function vote(db: Db, voter: Author, solutionId: string, value: VoteValue): Promise<VoteOutcome> {
  if (!isId(solutionId)) return { ok: false, reason: 'not-found' };
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
    returning score`)) as { rows: { score: number }[] };
  const [row] = result.rows;
  if (row) return { ok: true, value: { score: Number(row.score), myVote: value } };
  const [found] = await db.select({ id: bugComments.id }).from(bugComments).where(eq(bugComments.id, solutionId));
  return { ok: false, reason: found ? 'own' : 'not-found' };
}

/** The questions asked on a lesson, by video time; null when the lesson does not exist. */
export async function lessonBugs(db: Db, lessonId: string): Promise<LessonBug[] | null> {
  if (!isId(lessonId)) return null;
  const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson) return null;
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
    const before = await bugById(tx, bugId);
    const [deleted] = await tx.delete(bugs).where(eq(bugs.id, bugId)).returning({
      title: bugs.title,
      userId: bugs.userId,
    });
    if (!deleted || !before) return { ok: false, reason: 'not-found' } as const;
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'bug',
        entityId: bugId,
        beforeTitle: deleted.title,
      });
    return { ok: true, value: before } as const;
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

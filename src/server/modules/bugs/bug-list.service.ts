// The one way bugs are listed: `bugPage` with a filter (tag, words, unsolved, the viewer's or everyone else's) and a
// page size. GET /api/bug/list answers its pages with a cursor; GET /api/bug/getbug answers the first page of the
// viewer's bugs and of everyone else's, each of BUGS_MAX.
import { and, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BugList, BugPage } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { bugs, bugTags } from '../../db/schema';
import { readCursor, signCursor } from '../../lib/cursor';
import { prefixTsquery } from '../search';
import { badCursor, isKeyset } from './bug-cursors';
import { type BugRow, highlightBugs, selectBugs, toBug } from './bug-read';

/** Each bug list of GET /api/bug/getbug (yours, others') holds at most this many, the newest. */
export const BUGS_MAX = 100;
/** Bugs per page of GET /api/bug/list. */
export const BUG_PAGE = 20;
/** A search ranks at most this many matches (as course search does, decision 0007); pages walk through them. */
export const SEARCH_CANDIDATES = 500;

export interface BugFilter {
  tag?: string;
  q?: string;
  unsolved?: boolean;
  /** true: the viewer's bugs; false: everyone else's (including bugs whose author is gone); undefined: all. */
  mine?: boolean;
}

export interface BugPageOptions {
  /** Where the previous page ended; none for the first page. */
  cursor?: string;
  /** Bugs on the page. */
  size: number;
}

type SearchCursor = { o: number };
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
export async function bugPage(
  db: Db,
  viewerId: string,
  filter: BugFilter,
  { cursor, size }: BugPageOptions,
): Promise<BugPage> {
  const position = cursor ? await readCursor(db, cursor) : undefined;
  const tsquery = filter.q ? prefixTsquery(filter.q) : null;
  if (tsquery) {
    if (position !== undefined && !isSearchCursor(position)) throw badCursor();
    return searchPage(db, viewerId, filter, tsquery, position?.o ?? 0, size);
  }
  if (position !== undefined && !isKeyset(position)) throw badCursor();
  const where = filterWhere(viewerId, filter);
  let rows: (BugRow & { createdKey: string })[];
  if (filter.tag) {
    if (position)
      where.push(sql`(${bugTags.createdAt}, ${bugTags.bugId}) < (${position.c}::timestamptz, ${position.i}::uuid)`);
    rows = await selectBugs(db)
      .innerJoin(bugTags, and(eq(bugTags.bugId, bugs.id), eq(bugTags.tag, filter.tag)))
      .where(and(...where))
      .orderBy(desc(bugTags.createdAt), desc(bugTags.bugId))
      .limit(size + 1);
  } else {
    if (position) where.push(sql`(${bugs.createdAt}, ${bugs.id}) < (${position.c}::timestamptz, ${position.i}::uuid)`);
    rows = await selectBugs(db)
      .where(and(...where))
      .orderBy(desc(bugs.createdAt), desc(bugs.id))
      .limit(size + 1);
  }
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  const nextCursor = rows.length > size && last ? await signCursor(db, { c: last.createdKey, i: last.id }) : null;
  return { bugs: await highlightBugs(page.map(toBug)), nextCursor };
}

async function searchPage(
  db: Db,
  viewerId: string,
  filter: BugFilter,
  tsquery: string,
  offset: number,
  size: number,
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
    .limit(size + 1);
  const ids = ranked.slice(0, size).map((r) => r.id);
  const rows = ids.length ? await selectBugs(db).where(sql`${bugs.id} in ${ids}`) : [];
  const byId = new Map(rows.map((r) => [r.id, toBug(r)]));
  const next = offset + size;
  return {
    bugs: await highlightBugs(ids.flatMap((id) => byId.get(id) ?? [])),
    nextCursor: ranked.length > size && next < SEARCH_CANDIDATES ? await signCursor(db, { o: next }) : null,
  };
}

/** GET /api/bug/list: a page of BUG_PAGE bugs. */
export const listBugPage = (db: Db, viewerId: string, filter: BugFilter, cursor?: string) =>
  bugPage(db, viewerId, filter, { cursor, size: BUG_PAGE });

/** GET /api/bug/getbug: the caller's bugs and everyone else's (including bugs whose author is gone), newest
 *  first, the first BUGS_MAX of each. */
export async function listBugs(db: Db, viewerId: string): Promise<BugList> {
  const firstOf = async (mine: boolean) => (await bugPage(db, viewerId, { mine }, { size: BUGS_MAX })).bugs;
  const [userBugs, otherBugs] = await Promise.all([firstOf(true), firstOf(false)]);
  return { userBugs, otherBugs };
}

// Full-text search over courses and tutorials, ranked so that every title match comes before any body-only match,
// and by ts_rank within each (the generated `search` tsvector weighs the title A and the tag-stripped text B).
// The last word matches as a prefix. When the words match nothing, the text was probably mistyped ('pyhton',
// 'javscript') or typed past an English stem ('learni'): each word one edit from a word of the published titles (the
// `search_words` dictionary) is corrected to it and the corrected text searched the same way; failing that, the
// last word is shortened past its stem (search-query.ts).
//
// Cost does not grow with the number of matches: each tier ranks a bounded set of candidates found through a GIN
// index (title matches through the title-only expression index, the rest through `search`). Ranking is therefore
// exact while a tier has no more matches than its cap; beyond that, the top 20 come from the first candidates the
// index yields. The index is asked for the lexemes that exist starting with the last word rather than for the prefix
// itself, when they are few (candidatesOf). A search is one statement when the words match as typed, two when they
// do not: the fallback attempts share the second and each runs only when the ones before it found nothing. See
// docs/performance.md (Search) for the figures.
import { arrayOverlaps, inArray, or, type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { SearchResult } from '../../../shared/contract';
import { searchWords as splitWords } from '../../../shared/search-words';
import type { Db } from '../../db/client';
import { courses, searchWords, tutorials } from '../../db/schema';
import {
  correctWords,
  deletions,
  prefixQuery,
  type PrefixQuery,
  slackPrefixQuery,
  titleTsqueryOf,
  tsqueryOf,
  typoWords,
} from './search-query';

/** Rows ranked at most: among title matches, and among matches in the text alone (heap reads cost most). */
export const CANDIDATES = { title: 500, text: 200 } as const;

/** Lexemes a prefix is expanded into at most; a prefix that covers more is searched as a prefix. The index merges an
 *  OR of lexemes one step per lexeme at every row it reads: at 100,000 + 100,000 rows, up to 4 common lexemes cost
 *  less than their prefix on both databases, 5 or 6 about as much, 7 or 8 up to 1.4 times more. */
export const EXPANDED_LEXEMES_MAX = 4;
/** A last word shorter than this is searched as a prefix, never expanded: it covers many lexemes and a large share of
 *  the rows, where the planner, seeing the prefix, may read the table from the start and stop at the candidate LIMIT
 *  ('c:*' is in a third of the bench's titles); an expansion is hidden from it. */
export const EXPANDED_PREFIX_MIN = 3;

/** Dictionary words one lookup reads at most (a few share a form with a typed word; this only bounds a worst case). */
const KNOWN_WORDS_MAX = 200;

/** What each kind of item answers, under shared names: its text (a course's description, a tutorial's content) and
 *  its picture (a course's cover, a tutorial's image). */
const KINDS = {
  course: { table: courses, text: courses.description, picture: courses.cover },
  tutorial: { table: tutorials, text: tutorials.content, picture: tutorials.image },
} as const;
type Kind = keyof typeof KINDS;
const kinds = Object.keys(KINDS) as Kind[];

interface Hit {
  kind: Kind | 'word';
  _id: string;
  title: string;
  text: string;
  picture: string;
  n: number | string;
}

/** One attempt at the text: its words, and whether it is a fallback (hidden from the planner, below). */
interface Attempt {
  query: PrefixQuery;
  fallback: boolean;
}

/**
 * The query an attempt ranks with, and finds its candidates with when its last word is too short to expand. The first
 * attempt's query is a literal the planner reads: it estimates from it how many rows match and picks the access path.
 * A fallback's query is hidden from it in a subquery, so it assumes few matches and takes the GIN indexes: a
 * shortened prefix ('lear:*') makes it expect a large share of the table, and with the candidate LIMIT it would then
 * choose a sequential scan hoping to stop early, reading thousands of rows where the index reads a few hundred. (The
 * fallback used to run in a transaction with sequential scans off for this: three more round trips.)
 */
function queryOf({ query, fallback }: Attempt): SQL {
  // The string holds only letters, digits, '&' and ':*' (search-query.ts); it is still bound.
  const tsquery = sql`to_tsquery('english', ${tsqueryOf(query)})`;
  return fallback ? sql`(select ${tsquery})` : tsquery;
}

const ident = (...parts: (string | number)[]) => sql.identifier(parts.join('_'));

/**
 * The query an attempt finds its candidates with, and the CTE that computes it when it is not the ranking query.
 * The prefix of the last word is replaced by the lexemes that exist starting with it ('python & perf:*' is
 * 'python & perform'), which match exactly the rows the prefix matches: a GIN index reads the whole posting list of
 * every lexeme a prefix covers before it ANDs it with the other words, and skips through those of exact lexemes. The
 * ranking keeps the prefix query, so the candidates and the answer are the same. The expansion is one row computed
 * once, in the same statement (the lexemes are read at the same moment as the rows), and hidden from the planner like
 * a fallback's query; when the prefix covers no lexeme or more than EXPANDED_LEXEMES_MAX, it is the prefix query
 * itself (migration 0017, search_prefix_expansion).
 */
function candidatesOf(attempt: number, current: Attempt): { candidates: SQL; cte?: SQL } {
  const { head, last } = current.query;
  if ([...last].length < EXPANDED_PREFIX_MIN) return { candidates: queryOf(current) };
  const name = ident('a', attempt, 'q');
  const before = head.length > 0 ? sql`to_tsquery('english', ${head.join(' & ')})` : sql`null`;
  return {
    candidates: sql`(select q from ${name})`,
    cte: sql`${name} as (select coalesce(
      search_prefix_expansion('english', ${before}, ${last}, ${sql.raw(String(EXPANDED_LEXEMES_MAX))}),
      ${queryOf(current)}) as q)`,
  };
}

/** One kind's two tiers as CTEs: its title matches ranked, then its matches in the text alone, only as many as the
 *  title matches leave of the page (a LIMIT of 0 does not read its candidates at all). Candidates are found with
 *  `candidates` and ranked with `query`, which match the same rows. Nothing is read when `gate` is false. */
function tiers(attempt: number, kind: Kind, current: Attempt, candidates: SQL, gate: SQL): SQL {
  const query = queryOf(current);
  const { table, text, picture } = KINDS[kind];
  const max = LIMITS.searchResultsMax;
  const ranked = (where: SQL, candidates: number, limit: SQL) => sql`
    select c.id, c.title, c.text, c.picture,
      row_number() over (order by ts_rank(c.search, ${query}) desc, c.position, c.id) as n
    from (
      select ${table.id} as id, ${table.title} as title, ${text} as text, ${picture} as picture,
        ${table.position} as position, ${table.search} as search
      from ${table}
      where ${gate} and ${where} and ${table.status} = 'published'
      limit ${sql.raw(String(candidates))}
    ) c
    order by n
    limit ${limit}`;
  const inTitle = sql`to_tsvector('english', ${table.title}) @@ ${candidates}`;
  // A text candidate whose title matches is a title match, ranked in the title tier. Asked of its `search` rather than
  // of its title, which would be parsed and stemmed again for every candidate.
  const titleMatch = sql`${table.search} @@ to_tsquery('english', ${titleTsqueryOf(current.query)})`;
  const title = ident('a', attempt, kind, 'title');
  return sql`${title} as (${ranked(inTitle, CANDIDATES.title, sql.raw(String(max)))}),
    ${ident('a', attempt, kind, 'text')} as (${ranked(
      sql`${table.search} @@ ${candidates} and not (${titleMatch})`,
      CANDIDATES.text,
      sql`(select ${sql.raw(String(max))} - count(*) from ${title})`,
    )})`;
}

/** An attempt's hits: both kinds, both tiers. */
const hitsOf = (attempt: number) =>
  sql.join(
    kinds.flatMap((kind) =>
      ['title', 'text'].map(
        (tier, i) =>
          sql`select ${sql.raw(`${attempt} as attempt, '${kind}'`)} as kind, ${sql.raw(String(i))} as tier, n, id as "_id", title, text, picture from ${ident('a', attempt, kind, tier)}`,
      ),
    ),
    sql` union all `,
  );

/**
 * One statement: each attempt in turn (at most 20 of each kind, title matches first), an attempt running only when
 * the ones before it found nothing; with `forms` (the typed words to correct and their one-letter-dropped forms),
 * also the dictionary words that are, or share, one of those forms, read only when the first attempt found nothing.
 */
export function searchStatement(attempts: Attempt[], forms?: string[]): SQL {
  const found = (attempt: number) => sql`exists (select from ${ident('a', attempt)})`;
  const ctes = attempts.flatMap((current, attempt) => {
    const before = Array.from({ length: attempt }, (_, i) => sql`not ${found(i)}`);
    const gate = before.length > 0 ? sql.join(before, sql` and `) : sql`true`;
    const { candidates, cte } = candidatesOf(attempt, current);
    return [
      ...(cte ? [cte] : []),
      ...kinds.map((kind) => tiers(attempt, kind, current, candidates, gate)),
      sql`${ident('a', attempt)} as (${hitsOf(attempt)})`,
    ];
  });
  const answers = attempts.map((_, attempt) => sql`select * from ${ident('a', attempt)}`);
  if (forms) {
    const { word, titles, deletions } = searchWords;
    ctes.push(sql`"known" as (
      select ${word} as word, ${titles} as titles from ${searchWords}
      where not ${found(0)} and (${or(inArray(word, forms), arrayOverlaps(deletions, forms))})
      limit ${sql.raw(String(KNOWN_WORDS_MAX))})`);
    answers.push(sql`select -1, 'word', 0, titles::bigint, null::uuid, word, null, null from "known"`);
  }
  return sql`with ${sql.join(ctes, sql`, `)}
    ${sql.join(answers, sql` union all `)}
    order by attempt, kind, tier, n`;
}

const nothing = (): SearchResult => ({ course: [], tutorial: [] });

/** The hits as the contract shapes them, and the dictionary words the statement answered. */
async function run(
  db: Db,
  statement: SQL,
): Promise<{ result: SearchResult; known: { word: string; titles: number }[] }> {
  const { rows } = (await db.execute(statement)) as { rows: Hit[] };
  return {
    result: {
      course: rows
        .filter((row) => row.kind === 'course')
        .map((row) => ({ _id: row._id, title: row.title, description: row.text, cover: row.picture })),
      tutorial: rows
        .filter((row) => row.kind === 'tutorial')
        .map((row) => ({ _id: row._id, title: row.title, image: row.picture, content: row.text })),
    },
    known: rows.filter((row) => row.kind === 'word').map((row) => ({ word: row.title, titles: Number(row.n) })),
  };
}

const isEmpty = (result: SearchResult) => result.course.length === 0 && result.tutorial.length === 0;

/**
 * The words as typed; when they match nothing, the text with its mistyped words corrected (as typed, then with its
 * last word shortened); when there is no correction or it matches nothing, the last word shortened past its stem.
 * A correction comes before the shortening: it is the narrower of the two ('reactt' is 'react', where the shortened
 * 'reac' would also match 'reach'), and a word typed one letter past its stem is one edit from the title word it
 * starts ('tutoria', 'tutorial').
 *
 * Two statements at most: the words as typed, with the dictionary words a correction could come from (read only
 * when the words match nothing); then the corrected and shortened attempts in one, each running only when the ones
 * before it found nothing.
 */
export async function search(db: Db, text: string): Promise<SearchResult> {
  const plain = prefixQuery(text);
  if (!plain) return nothing();
  const words = splitWords(text);
  const typed = typoWords(words);
  const forms = typed ? [...new Set(typed.flatMap((word) => [word, ...deletions(word)]))] : undefined;
  const first = await run(db, searchStatement([{ query: plain, fallback: false }], forms));
  if (!isEmpty(first.result)) return first.result;
  const fixed = correctWords(words, first.known)?.join(' ');
  const rest: Attempt[] = [];
  const attempt = (query: PrefixQuery | null, fallback: boolean) => {
    if (query && !rest.some((other) => tsqueryOf(other.query) === tsqueryOf(query))) rest.push({ query, fallback });
  };
  if (fixed) {
    attempt(prefixQuery(fixed), false);
    attempt(slackPrefixQuery(fixed), true);
  }
  attempt(slackPrefixQuery(text), true);
  return rest.length > 0 ? (await run(db, searchStatement(rest))).result : first.result;
}

// Full-text search over courses and tutorials, ranked so that every title match comes before any body-only match,
// and by ts_rank within each (the generated `search` tsvector weighs the title A and the tag-stripped text B).
// The last word matches as a prefix. When the words match nothing, the text was probably mistyped ('pyhton',
// 'javscript') or typed past an English stem ('learni'): each word one edit from a word of the published titles (the
// `search_words` dictionary) is corrected to it and the corrected text searched the same way; failing that, the
// last word is shortened past its stem.
//
// Cost does not grow with the number of matches: each tier ranks a bounded set of candidates found through a GIN
// index (title matches through the title-only expression index, the rest through `search`). Ranking is therefore
// exact while a tier has no more matches than its cap; beyond that, the top 20 come from the first candidates the
// index yields. The index is asked for the lexemes that exist starting with the last word rather than for the prefix
// itself, when they are few (candidatesOf). A search is one statement, one round trip: the words as typed, planned
// with their query as a literal, and a call of search_fallback (migration 0018) that runs only when they found
// nothing: it corrects the words and tries each fallback attempt in turn, in PL/pgSQL, whose plans are kept for the
// session. See docs/performance.md (Search) for the figures.
import { type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { SearchResult } from '../../../shared/contract';
import { searchWords as splitWords } from '../../../shared/search-words';
import type { Db } from '../../db/client';
import { courses, tutorials } from '../../db/schema';
import {
  MIN_SHORTENED_PREFIX,
  PREFIX_SLACK,
  prefixQuery,
  type PrefixQuery,
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

/** What each kind of item answers, under shared names: its text (a course's description, a tutorial's content) and
 *  its picture (a course's cover, a tutorial's image). */
const KINDS = {
  course: { table: courses, text: courses.description, picture: courses.cover },
  tutorial: { table: tutorials, text: tutorials.content, picture: tutorials.image },
} as const;
type Kind = keyof typeof KINDS;
const kinds = Object.keys(KINDS) as Kind[];

interface Hit {
  kind: Kind;
  _id: string;
  title: string;
  text: string;
  picture: string;
  n: number | string;
}

const ident = (...parts: string[]) => sql.identifier(parts.join('_'));

/**
 * The query the words as typed are ranked with, and found with when the last word is too short to expand: a literal
 * the planner reads. It estimates from it how many rows match and picks the access path (a short, common prefix such
 * as 'c:*' is cheaper read from the start of the table and stopped at the candidate LIMIT than through the index).
 */
const queryOf = (query: PrefixQuery): SQL => sql`to_tsquery('english', ${tsqueryOf(query)})`;

/**
 * The query the words as typed find their candidates with, and the CTE that computes it when it is not the ranking
 * query. The prefix of the last word is replaced by the lexemes that exist starting with it ('python & perf:*' is
 * 'python & perform'), which match exactly the rows the prefix matches: a GIN index reads the whole posting list of
 * every lexeme a prefix covers before it ANDs it with the other words, and skips through those of exact lexemes. The
 * ranking keeps the prefix query, so the candidates and the answer are the same. The expansion is one row computed
 * once, in the same statement (the lexemes are read at the same moment as the rows), and hidden from the planner in a
 * CTE, so it assumes few matches and takes the GIN indexes; when the prefix covers no lexeme or more than
 * EXPANDED_LEXEMES_MAX, it is the prefix query itself (migration 0017, search_prefix_expansion).
 */
function candidatesOf(query: PrefixQuery): { candidates: SQL; cte?: SQL } {
  const { head, last } = query;
  if ([...last].length < EXPANDED_PREFIX_MIN) return { candidates: queryOf(query) };
  const before = head.length > 0 ? sql`to_tsquery('english', ${head.join(' & ')})` : sql`null`;
  return {
    candidates: sql`(select q from "typed_q")`,
    cte: sql`"typed_q" as (select coalesce(
      search_prefix_expansion('english', ${before}, ${last}, ${sql.raw(String(EXPANDED_LEXEMES_MAX))}),
      ${queryOf(query)}) as q)`,
  };
}

/** One kind's two tiers as CTEs: its title matches ranked, then its matches in the text alone, only as many as the
 *  title matches leave of the page (a LIMIT of 0 does not read its candidates at all). Candidates are found with
 *  `candidates` and ranked with the prefix query, which match the same rows. search_attempt (migration 0018, its
 *  ranking as here since 0019) ranks the fallback attempts with the same SQL. */
function tiers(kind: Kind, query: PrefixQuery, candidates: SQL): SQL {
  const ranking = queryOf(query);
  const { table, text, picture } = KINDS[kind];
  const max = LIMITS.searchResultsMax;
  // The first `limit` by rank, then numbered: a top-N sort holds only those rows, where numbering every candidate
  // sorted them all, their text with them.
  const ranked = (where: SQL, candidates: number, limit: SQL) => sql`
    select t.id, t.title, t.text, t.picture, row_number() over (order by t.rank desc, t.position, t.id) as n
    from (
      select c.id, c.title, c.text, c.picture, c.position, ts_rank(c.search, ${ranking}) as rank
      from (
        select ${table.id} as id, ${table.title} as title, ${text} as text, ${picture} as picture,
          ${table.position} as position, ${table.search} as search
        from ${table}
        where ${where} and ${table.status} = 'published'
        limit ${sql.raw(String(candidates))}
      ) c
      order by rank desc, c.position, c.id
      limit ${limit}
    ) t`;
  const inTitle = sql`to_tsvector('english', ${table.title}) @@ ${candidates}`;
  // A text candidate whose title matches is a title match, ranked in the title tier. Asked of its `search` rather than
  // of its title, which would be parsed and stemmed again for every candidate.
  const titleMatch = sql`${table.search} @@ to_tsquery('english', ${titleTsqueryOf(query)})`;
  const title = ident(kind, 'title');
  return sql`${title} as (${ranked(inTitle, CANDIDATES.title, sql.raw(String(max)))}),
    ${ident(kind, 'text')} as (${ranked(
      sql`${table.search} @@ ${candidates} and not (${titleMatch})`,
      CANDIDATES.text,
      sql`(select ${sql.raw(String(max))} - count(*) from ${title})`,
    )})`;
}

/** Whether the statement holds the fallback, and the words it may correct (typoWords; null: none). */
export interface Fallback {
  forgiven: string[] | null;
}

/** Words as one bound string, split back in SQL: a search word holds no space (search-words.ts). */
const wordList = (words: string[] | null) => (words ? sql`string_to_array(${words.join(' ')}, ' ')` : sql`null`);
const int = (n: number) => sql.raw(String(n));

/**
 * One statement: the words as typed, at most 20 of each kind, title matches first; with `fallback`, when they find
 * nothing, the hits of the first fallback attempt that finds anything (search_fallback, migration 0018: the words
 * corrected, then shortened). The gate is a one-time filter: the function is not called when the words found
 * anything. The fallback runs in PL/pgSQL, whose plans are kept for the session, so the statement plans the words as
 * typed and one function call, whatever the fallback holds.
 */
export function searchStatement(query: PrefixQuery, fallback?: Fallback): SQL {
  const { candidates, cte } = candidatesOf(query);
  const ctes = [...(cte ? [cte] : []), ...kinds.map((kind) => tiers(kind, query, candidates))];
  ctes.push(
    sql`"typed" as (${sql.join(
      kinds.flatMap((kind) =>
        ['title', 'text'].map(
          (tier, i) =>
            sql`select ${sql.raw(`0 as attempt, '${kind}' as kind, ${i} as tier`)}, n, id as "_id", title, text, picture from ${ident(kind, tier)}`,
        ),
      ),
      sql` union all `,
    )})`,
  );
  const answers = [sql`select * from "typed"`];
  if (fallback) {
    answers.push(sql`select * from search_fallback(
      words => ${wordList([...query.head, query.last])}, forgiven => ${wordList(fallback.forgiven)},
      slack => ${int(PREFIX_SLACK)}, shortest => ${int(MIN_SHORTENED_PREFIX)},
      expanded_max => ${int(EXPANDED_LEXEMES_MAX)}, expanded_min => ${int(EXPANDED_PREFIX_MIN)},
      title_candidates => ${int(CANDIDATES.title)}, text_candidates => ${int(CANDIDATES.text)},
      results => ${int(LIMITS.searchResultsMax)})
      where not exists (select from "typed")`);
  }
  return sql`with ${sql.join(ctes, sql`, `)}
    ${sql.join(answers, sql` union all `)}
    order by attempt, kind, tier, n`;
}

const nothing = (): SearchResult => ({ course: [], tutorial: [] });

/**
 * The words as typed; when they match nothing, the text with its mistyped words corrected (as typed, then with its
 * last word shortened); when there is no correction or it matches nothing, the last word shortened past its stem.
 * A correction comes before the shortening: it is the narrower of the two ('reactt' is 'react', where the shortened
 * 'reac' would also match 'reach'), and a word typed one letter past its stem is one edit from the title word it
 * starts ('tutoria', 'tutorial'). One statement, one round trip, whichever attempt answers.
 */
export async function search(db: Db, text: string): Promise<SearchResult> {
  const query = prefixQuery(text);
  if (!query) return nothing();
  const forgiven = typoWords(splitWords(text));
  const { rows } = (await db.execute(searchStatement(query, { forgiven }))) as { rows: Hit[] };
  return {
    course: rows
      .filter((row) => row.kind === 'course')
      .map((row) => ({ _id: row._id, title: row.title, description: row.text, cover: row.picture })),
    tutorial: rows
      .filter((row) => row.kind === 'tutorial')
      .map((row) => ({ _id: row._id, title: row.title, image: row.picture, content: row.text })),
  };
}

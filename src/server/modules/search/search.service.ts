// Full-text search over courses and tutorials, ranked so that every title match comes before any body-only match,
// and by ts_rank within each (the generated `search` tsvector weighs the title A and the tag-stripped text B).
// The last word matches as a prefix. When the words match nothing, the text was probably mistyped ('pyhton',
// 'javscript') or typed past an English stem ('learni'): each word one edit from a word of the published titles (the
// `search_words` dictionary) is corrected to it and the corrected text searched the same way; failing that, the
// last word is shortened past its stem.
//
// Cost does not grow with the number of matches: each tier ranks a bounded set of candidates found through a GIN
// index (title matches through the title's own lexemes, `title_search`, the rest through `search`). Ranking is
// therefore exact while a tier has no more matches than its cap; beyond that, the top 20 come from the first
// candidates the index yields. The index is asked for the lexemes that exist starting with the last word rather than
// for the prefix itself, when they are few (search_prefix_expansion, migration 0017), and for the initial of a
// one-letter last word (search_initial_query, migration 0020), which every row holds beside its lexemes. A search is
// one statement, one round trip: the words as typed (typedAttempt), and a call of search_fallback (migration 0018)
// that runs only when they found nothing: it corrects the words and tries each fallback attempt in turn. Both ask
// search_attempt, in PL/pgSQL, whose plans are kept for the session; only a last word too short to expand is ranked by
// a statement planned with its query as a literal. See docs/performance.md (Search) for the figures.
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
/** Title matches ranked at most for a text of one letter alone ('p'). It matches a large share of all titles (a fifth
 *  of the bench's 100,000 of each kind), so its candidates are a sample in table order however many are ranked, and
 *  reading and ranking 500 of them was most of its time: 200, as many as the text tier ranks. */
export const LETTER_TITLE_CANDIDATES = 200;

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

/** Is the last word a single letter (a character, not a UTF-16 unit)? */
const lastIsOneLetter = (query: PrefixQuery) => [...query.last].length === 1;

const ident = (...parts: string[]) => sql.identifier(parts.join('_'));

/**
 * The words as typed as a literal the planner reads: it estimates from it how many rows match and picks the access
 * path (a short, common prefix such as 'c:*' is cheaper read from the start of the table and stopped at the candidate
 * LIMIT than through the index).
 */
const queryOf = (query: PrefixQuery): SQL => sql`to_tsquery('english', ${tsqueryOf(query)})`;

/** Words as one bound string, split back in SQL: a search word holds no space (search-words.ts). */
const wordList = (words: string[] | null) => (words ? sql`string_to_array(${words.join(' ')}, ' ')` : sql`null`);

/**
 * What finds the rows `query` matches. A one-letter last word is found through the initials every row's `search` and
 * `title_search` hold (search_initial_query, migration 0020): as a prefix, the index would read the posting list of
 * every lexeme it starts. Folded to a constant when the statement is planned, so the planner still reads the query.
 */
const findingOf = (query: PrefixQuery, ranking: SQL): SQL =>
  lastIsOneLetter(query)
    ? sql`coalesce(search_initial_query('english', ${wordList(query.head)}, ${query.last}), ${ranking})`
    : ranking;

/** One kind's two tiers as CTEs: its title matches ranked, then its matches in the text alone, only as many as the
 *  title matches leave of the page (a LIMIT of 0 does not read its candidates at all). search_attempt (migration
 *  0018, its ranking as here since 0019) ranks every other attempt with the same SQL. */
function tiers(kind: Kind, query: PrefixQuery): SQL {
  const ranking = queryOf(query);
  const finding = findingOf(query, ranking);
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
  const inTitle = sql`${table.titleSearch} @@ ${finding}`;
  // A text candidate whose title matches is a title match, ranked in the title tier. Asked of its `search` rather than
  // of its title, which would be parsed and stemmed again for every candidate.
  const titleMatch = sql`${table.search} @@ to_tsquery('english', ${titleTsqueryOf(query)})`;
  const title = ident(kind, 'title');
  const titleCandidates =
    query.head.length === 0 && lastIsOneLetter(query) ? LETTER_TITLE_CANDIDATES : CANDIDATES.title;
  return sql`${title} as (${ranked(inTitle, titleCandidates, sql.raw(String(max)))}),
    ${ident(kind, 'text')} as (${ranked(
      sql`${table.search} @@ ${finding} and not (${titleMatch})`,
      CANDIDATES.text,
      sql`(select ${sql.raw(String(max))} - count(*) from ${title})`,
    )})`;
}

/** The words as typed ranked by the statement itself, with their query as a literal the planner reads, as CTEs ending
 *  in "typed". Searches whose last word is shorter than EXPANDED_PREFIX_MIN are asked this way; exported so that a
 *  test can hold search_attempt to the same ranking. */
export function literalAttempt(query: PrefixQuery): SQL[] {
  return [
    ...kinds.map((kind) => tiers(kind, query)),
    sql`"typed" as (${sql.join(
      kinds.flatMap((kind) =>
        ['title', 'text'].map(
          (tier, i) =>
            sql`select ${sql.raw(`0 as attempt, '${kind}' as kind, ${i} as tier`)}, n, id as "_id", title, text, picture from ${ident(kind, tier)}`,
        ),
      ),
      sql` union all `,
    )})`,
  ];
}

/** Whether the statement holds the fallback, and the words it may correct (typoWords; null: none). */
export interface Fallback {
  forgiven: string[] | null;
}

const int = (n: number) => sql.raw(String(n));
/** search_attempt's and search_fallback's last arguments: the expansion's and the tiers' bounds. */
const attemptLimits = sql`expanded_max => ${int(EXPANDED_LEXEMES_MAX)}, expanded_min => ${int(EXPANDED_PREFIX_MIN)},
  title_candidates => ${int(CANDIDATES.title)}, text_candidates => ${int(CANDIDATES.text)},
  results => ${int(LIMITS.searchResultsMax)}`;

/**
 * The words as typed, as the CTE "typed". A last word of EXPANDED_PREFIX_MIN letters or more is asked through
 * search_attempt, as the fallback's attempts are: its plans are kept for the session, so the statement plans one
 * function call where the literal's dozen CTEs cost 1.5–2 ms of planning on PGlite at every search, and its prefix is
 * expanded into the lexemes that exist (search_prefix_expansion, migration 0017), which the planner cannot see
 * anyway. A shorter last word keeps the literal (literalAttempt), whose estimates the planner needs.
 */
function typedAttempt(query: PrefixQuery): SQL[] {
  if ([...query.last].length < EXPANDED_PREFIX_MIN) return literalAttempt(query);
  return [
    sql`"typed" as (select hit_attempt as attempt, hit_kind as kind, hit_tier as tier, hit_n as n, hit_id as "_id",
      hit_title as title, hit_text as text, hit_picture as picture
      from search_attempt(attempt => 0, head => ${wordList(query.head)}, last => ${query.last},
        ${attemptLimits}))`,
  ];
}

/**
 * One statement: the words as typed, at most 20 of each kind, title matches first; with `fallback`, when they find
 * nothing, the hits of the first fallback attempt that finds anything (search_fallback, migration 0018: the words
 * corrected, then shortened). The gate is a one-time filter: the function is not called when the words found
 * anything.
 */
export function searchStatement(query: PrefixQuery, fallback?: Fallback): SQL {
  const answers = [sql`select * from "typed"`];
  if (fallback) {
    answers.push(sql`select * from search_fallback(
      words => ${wordList([...query.head, query.last])}, forgiven => ${wordList(fallback.forgiven)},
      slack => ${int(PREFIX_SLACK)}, shortest => ${int(MIN_SHORTENED_PREFIX)}, ${attemptLimits})
      where not exists (select from "typed")`);
  }
  return sql`with ${sql.join(typedAttempt(query), sql`, `)}
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

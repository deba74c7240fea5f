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
// index yields. A search is one statement when the words match as typed, two when they do not: the fallback
// attempts share the second and each runs only when the ones before it found nothing. See docs/performance.md
// (Search) for the figures.
import { arrayOverlaps, inArray, or, type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { SearchResult } from '../../../shared/contract';
import { searchWords as splitWords } from '../../../shared/search-words';
import type { Db } from '../../db/client';
import { courses, searchWords, tutorials } from '../../db/schema';
import { correctWords, deletions, prefixTsquery, slackPrefixTsquery, typoWords } from './search-query';

/** Rows ranked at most: among title matches, and among matches in the text alone (heap reads cost most). */
export const CANDIDATES = { title: 500, text: 200 } as const;

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

/** One attempt at the text: its tsquery, and whether it is a fallback (hidden from the planner, below). */
interface Attempt {
  tsquery: string;
  fallback: boolean;
}

/**
 * The first attempt's query is a literal the planner reads: it estimates from it how many rows match and picks the
 * access path. A fallback's query is hidden from it in a subquery, so it assumes few matches and takes the GIN
 * indexes: a shortened prefix ('lear:*') makes it expect a large share of the table, and with the candidate LIMIT it
 * would then choose a sequential scan hoping to stop early, reading thousands of rows where the index reads a few
 * hundred. (The fallback used to run in a transaction with sequential scans off for this: three more round trips.)
 */
function queryOf({ tsquery, fallback }: Attempt): SQL {
  // The string holds only letters, digits, '&' and ':*' (search-query.ts); it is still bound.
  return fallback ? sql`(select to_tsquery('english', ${tsquery}))` : sql`to_tsquery('english', ${tsquery})`;
}

const ident = (...parts: (string | number)[]) => sql.identifier(parts.join('_'));

/** One kind's two tiers as CTEs: its title matches ranked, then its matches in the text alone, only as many as the
 *  title matches leave of the page (a LIMIT of 0 does not read its candidates at all). Nothing is read when `gate`
 *  is false. */
function tiers(attempt: number, kind: Kind, query: SQL, gate: SQL): SQL {
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
  const inTitle = sql`to_tsvector('english', ${table.title}) @@ ${query}`;
  const title = ident('a', attempt, kind, 'title');
  return sql`${title} as (${ranked(inTitle, CANDIDATES.title, sql.raw(String(max)))}),
    ${ident('a', attempt, kind, 'text')} as (${ranked(
      sql`${table.search} @@ ${query} and not (${inTitle})`,
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
    return [
      ...kinds.map((kind) => tiers(attempt, kind, queryOf(current), gate)),
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
  const plain = prefixTsquery(text);
  if (!plain) return nothing();
  const words = splitWords(text);
  const typed = typoWords(words);
  const forms = typed ? [...new Set(typed.flatMap((word) => [word, ...deletions(word)]))] : undefined;
  const first = await run(db, searchStatement([{ tsquery: plain, fallback: false }], forms));
  if (!isEmpty(first.result)) return first.result;
  const fixed = correctWords(words, first.known)?.join(' ');
  const rest: Attempt[] = [];
  const attempt = (tsquery: string | null, fallback: boolean) => {
    if (tsquery && !rest.some((other) => other.tsquery === tsquery)) rest.push({ tsquery, fallback });
  };
  if (fixed) {
    attempt(prefixTsquery(fixed), false);
    attempt(slackPrefixTsquery(fixed), true);
  }
  attempt(slackPrefixTsquery(text), true);
  return rest.length > 0 ? (await run(db, searchStatement(rest))).result : first.result;
}

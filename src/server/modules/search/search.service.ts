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
// index yields. Each round (plain, shortened, corrected) is one statement over both tables. See docs/performance.md
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

interface Hit {
  kind: Kind;
  _id: string;
  title: string;
  text: string;
  picture: string;
}

/** One kind's two tiers as CTEs: its title matches ranked, then its matches in the text alone, only as many as the
 *  title matches leave of the page (a LIMIT of 0 does not read its candidates at all). */
function tiers(kind: Kind, query: SQL): SQL {
  const { table, text, picture } = KINDS[kind];
  const max = LIMITS.searchResultsMax;
  const inTitle = sql`to_tsvector('english', ${table.title}) @@ ${query}`;
  const ranked = (where: SQL, candidates: number, limit: SQL) => sql`
    select c.id, c.title, c.text, c.picture,
      row_number() over (order by ts_rank(c.search, ${query}) desc, c.position, c.id) as n
    from (
      select ${table.id} as id, ${table.title} as title, ${text} as text, ${picture} as picture,
        ${table.position} as position, ${table.search} as search
      from ${table}
      where ${where} and ${table.status} = 'published'
      limit ${sql.raw(String(candidates))}
    ) c
    order by n
    limit ${limit}`;
  return sql`${sql.identifier(`${kind}_title`)} as (${ranked(inTitle, CANDIDATES.title, sql.raw(String(max)))}),
    ${sql.identifier(`${kind}_text`)} as (${ranked(
      sql`${table.search} @@ ${query} and not (${inTitle})`,
      CANDIDATES.text,
      sql`(select ${sql.raw(String(max))} - count(*) from ${sql.identifier(`${kind}_title`)})`,
    )})`;
}

/** Both kinds, both tiers, in one statement: at most 20 of each kind, title matches first. */
export function rankedStatement(tsquery: string): SQL {
  // The string holds only letters, digits, '&', '|', parentheses and ':*' (search-query.ts); it is still bound.
  const query = sql`to_tsquery('english', ${tsquery})`;
  const kinds = Object.keys(KINDS) as Kind[];
  const parts = kinds.flatMap((kind) =>
    ['title', 'text'].map(
      (tier, i) =>
        sql`select ${sql.raw(`'${kind}'`)} as kind, ${sql.raw(String(i))} as tier, n, id as "_id", title, text, picture from ${sql.identifier(`${kind}_${tier}`)}`,
    ),
  );
  return sql`with ${sql.join(
    kinds.map((kind) => tiers(kind, query)),
    sql`, `,
  )}
    ${sql.join(parts, sql` union all `)}
    order by kind, tier, n`;
}

async function ranked(db: Db, tsquery: string): Promise<SearchResult> {
  const { rows } = (await db.execute(rankedStatement(tsquery))) as { rows: Hit[] };
  return {
    course: rows
      .filter((row) => row.kind === 'course')
      .map((row) => ({ _id: row._id, title: row.title, description: row.text, cover: row.picture })),
    tutorial: rows
      .filter((row) => row.kind === 'tutorial')
      .map((row) => ({ _id: row._id, title: row.title, image: row.picture, content: row.text })),
  };
}

const isEmpty = (result: SearchResult) => result.course.length === 0 && result.tutorial.length === 0;
const nothing = (): SearchResult => ({ course: [], tutorial: [] });

/** The text's words as typed, the last one a prefix. */
function plain(db: Db, text: string): Promise<SearchResult> {
  const tsquery = prefixTsquery(text);
  return tsquery ? ranked(db, tsquery) : Promise.resolve(nothing());
}

/** The shortened prefixes of the text's last word (a word typed past its stem, 'learni'), when it has any. */
function shortened(db: Db, text: string): Promise<SearchResult> {
  const slack = slackPrefixTsquery(text);
  if (!slack) return Promise.resolve(nothing());
  // A short prefix makes the planner expect many matches, and with the candidate LIMIT it would then scan a whole
  // table hoping to stop early; the GIN indexes are the right path here, so sequential scans are off for this
  // statement.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return ranked(tx, slack);
  });
}

/** The text with each mistyped word corrected from the dictionary of published title words, or null when no word
 *  could be (search-query.ts, `correctWords`). One indexed lookup: the words that are, or share, one of the typed
 *  words' one-letter-dropped forms. */
async function corrected(db: Db, text: string): Promise<string | null> {
  const words = splitWords(text);
  const typed = typoWords(words);
  if (!typed) return null;
  const forms = [...new Set(typed.flatMap((word) => [word, ...deletions(word)]))];
  const known = await db
    .select({ word: searchWords.word, titles: searchWords.titles })
    .from(searchWords)
    .where(or(inArray(searchWords.word, forms), arrayOverlaps(searchWords.deletions, forms)))
    .limit(KNOWN_WORDS_MAX);
  return correctWords(words, known)?.join(' ') ?? null;
}

/**
 * The words as typed; when they match nothing, the text with its mistyped words corrected (one lookup, then a round
 * as typed and, if still nothing, shortened); when there is no correction or it matches nothing either, the last
 * word shortened past its stem. A correction comes before the shortening: it is the narrower of the two ('reactt' is
 * 'react', where the shortened 'reac' would also match 'reach'), and a word typed one letter past its stem is one
 * edit from the title word it starts ('tutoria', 'tutorial').
 */
export async function search(db: Db, text: string): Promise<SearchResult> {
  const result = await plain(db, text);
  if (!isEmpty(result)) return result;
  const fixed = await corrected(db, text);
  if (fixed) {
    const found = await plain(db, fixed);
    if (!isEmpty(found)) return found;
    const foundShortened = await shortened(db, fixed);
    if (!isEmpty(foundShortened)) return foundShortened;
  }
  return shortened(db, text);
}

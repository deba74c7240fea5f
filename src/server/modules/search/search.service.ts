// Full-text search over courses and tutorials, ranked so that every title match comes before any body-only match,
// and by ts_rank within each (the generated `search` tsvector weighs the title A and the tag-stripped text B).
// The last word matches as a prefix, and when nothing matches, also shortened past an English stem
// (search-query.ts). When even that finds nothing, the text was probably mistyped ('pyhton', 'javscript', 'reactt'):
// titles with a word like it are found through a trigram index (pg_trgm), most alike first.
//
// Cost does not grow with the number of matches: each tier ranks a bounded set of candidates found through a GIN
// index (title matches through the title-only expression index, the rest through `search`). Ranking is therefore
// exact while a tier has no more matches than its cap; beyond that, the top 20 come from the first candidates the
// index yields. See docs/performance.md (Search) for the figures this keeps under 20 ms at 100,000 rows.
import { and, asc, desc, eq, not, or, type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { Course, SearchResult, Tutorial } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { courses, tutorials } from '../../db/schema';
import { prefixTsquery, slackPrefixTsquery, typoWords } from './search-query';

/** Rows ranked at most: among title matches, and among matches in the text alone (heap reads cost most). */
export const CANDIDATES = { title: 500, text: 200 } as const;

type Find<T> = (where: SQL, candidates: number, limit: number) => Promise<T[]>;

/** Title matches first, then (only when they do not fill the page) matches in the text alone. */
async function inTiers<T>(find: Find<T>, inTitle: SQL, anywhere: SQL): Promise<T[]> {
  const max = LIMITS.searchResultsMax;
  const first = await find(inTitle, CANDIDATES.title, max);
  if (first.length >= max) return first;
  const rest = await find(and(anywhere, not(inTitle)) as SQL, CANDIDATES.text, max - first.length);
  return [...first, ...rest];
}

function searchCourses(db: Db, query: SQL): Promise<Course[]> {
  return inTiers(
    (where, candidates, limit) => {
      const c = db
        .select({
          id: courses.id,
          title: courses.title,
          description: courses.description,
          cover: courses.cover,
          position: courses.position,
          search: courses.search,
        })
        .from(courses)
        .where(and(where, eq(courses.status, 'published')))
        .limit(candidates)
        .as('c');
      return db
        .select({ _id: c.id, title: c.title, description: c.description, cover: c.cover })
        .from(c)
        .orderBy(desc(sql`ts_rank(${c.search}, ${query})`), asc(c.position), asc(c.id))
        .limit(limit);
    },
    sql`to_tsvector('english', ${courses.title}) @@ ${query}`,
    sql`${courses.search} @@ ${query}`,
  );
}

function searchTutorials(db: Db, query: SQL): Promise<Tutorial[]> {
  return inTiers(
    (where, candidates, limit) => {
      const c = db
        .select({
          id: tutorials.id,
          title: tutorials.title,
          image: tutorials.image,
          content: tutorials.content,
          position: tutorials.position,
          search: tutorials.search,
        })
        .from(tutorials)
        .where(and(where, eq(tutorials.status, 'published')))
        .limit(candidates)
        .as('c');
      return db
        .select({ _id: c.id, title: c.title, image: c.image, content: c.content })
        .from(c)
        .orderBy(desc(sql`ts_rank(${c.search}, ${query})`), asc(c.position), asc(c.id))
        .limit(limit);
    },
    sql`to_tsvector('english', ${tutorials.title}) @@ ${query}`,
    sql`${tutorials.search} @@ ${query}`,
  );
}

// The string holds only letters, digits, '&', '|', parentheses and ':*' (search-query.ts); it is still bound.
const toTsquery = (tsquery: string) => sql`to_tsquery('english', ${tsquery})`;

/** Runs `find` in a transaction where the planner must use the indexes (see `search`). */
function throughIndexes<T>(db: Db, find: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return find(tx);
  });
}

/** How alike a title's word must be to a typed word for the typo fallback: pg_trgm's word similarity, 0 to 1
 *  ('javscript' is 0.62 like 'javascript', 'reactt' 0.71 like 'react'). Lower lets unrelated titles in. */
export const TYPO_SIMILARITY = 0.5;

/** Titles with, for every typed word, a word like it (`typoWords`: each word and its adjacent transpositions),
 *  through the trigram indexes on `lower(title)` (the indexable `%>`), most alike first, then in catalogue order. */
function similarTitles(db: Db, words: string[][]): Promise<SearchResult> {
  const max = LIMITS.searchResultsMax;
  const like = (title: SQL) => and(...words.map((forms) => or(...forms.map((form) => sql`${title} %> ${form}`))));
  const alike = (title: SQL) =>
    sql.join(
      words.map(
        (forms) =>
          sql`greatest(${sql.join(
            forms.map((form) => sql`word_similarity(${form}, ${title})`),
            sql`, `,
          )})`,
      ),
      sql` + `,
    );
  const courseTitle = sql`lower(${courses.title})`;
  const tutorialTitle = sql`lower(${tutorials.title})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    const course = await tx
      .select({ _id: courses.id, title: courses.title, description: courses.description, cover: courses.cover })
      .from(courses)
      .where(and(like(courseTitle), eq(courses.status, 'published')))
      .orderBy(desc(alike(courseTitle)), asc(courses.position), asc(courses.id))
      .limit(max);
    const tutorial = await tx
      .select({ _id: tutorials.id, title: tutorials.title, image: tutorials.image, content: tutorials.content })
      .from(tutorials)
      .where(and(like(tutorialTitle), eq(tutorials.status, 'published')))
      .orderBy(desc(alike(tutorialTitle)), asc(tutorials.position), asc(tutorials.id))
      .limit(max);
    return { course, tutorial };
  });
}

export async function search(db: Db, text: string): Promise<SearchResult> {
  const tsquery = prefixTsquery(text);
  if (!tsquery) return { course: [], tutorial: [] };
  const query = toTsquery(tsquery);
  let [course, tutorial] = await Promise.all([searchCourses(db, query), searchTutorials(db, query)]);
  const slack = course.length === 0 && tutorial.length === 0 ? slackPrefixTsquery(text) : null;
  if (slack) {
    // A word typed past its stem ('learni'): try the shortened prefixes. Their OR makes the planner overestimate
    // the matches, and with the candidate LIMIT it would then scan a whole table hoping to stop early; the GIN
    // indexes are the right path here, so sequential scans are off for these two transactions.
    const wider = toTsquery(slack);
    [course, tutorial] = await Promise.all([
      throughIndexes(db, (tx) => searchCourses(tx, wider)),
      throughIndexes(db, (tx) => searchTutorials(tx, wider)),
    ]);
  }
  const typos = course.length === 0 && tutorial.length === 0 ? typoWords(text) : null;
  if (typos) return similarTitles(db, typos);
  return { course, tutorial };
}

// Full-text search over courses and tutorials: the generated, GIN-indexed `search` tsvector (title weight A,
// text weight B), ranked by ts_rank so a title match outranks a body match; the last word matches as a prefix.
import { asc, desc, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { SearchResult } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { courses, tutorials } from '../../db/schema';
import { prefixTsquery } from './search-query';

export async function search(db: Db, text: string): Promise<SearchResult> {
  const tsquery = prefixTsquery(text);
  if (!tsquery) return { course: [], tutorial: [] };
  // The string holds only letters, digits, '&' and ':*' (see search-query.ts); it is still bound as a parameter.
  const query = sql`to_tsquery('english', ${tsquery})`;
  const [course, tutorial] = await Promise.all([
    db
      .select({ _id: courses.id, title: courses.title, description: courses.description, cover: courses.cover })
      .from(courses)
      .where(sql`${courses.search} @@ ${query}`)
      .orderBy(desc(sql`ts_rank(${courses.search}, ${query})`), asc(courses.position), asc(courses.id))
      .limit(LIMITS.searchResultsMax),
    db
      .select({ _id: tutorials.id, title: tutorials.title, image: tutorials.image, content: tutorials.content })
      .from(tutorials)
      .where(sql`${tutorials.search} @@ ${query}`)
      .orderBy(desc(sql`ts_rank(${tutorials.search}, ${query})`), asc(tutorials.position), asc(tutorials.id))
      .limit(LIMITS.searchResultsMax),
  ]);
  return { course, tutorial };
}

import { and, asc, eq } from 'drizzle-orm';
import type { Tutorial } from '../../../shared/contract';
import type { Db } from '../../db/client';
import { tutorials } from '../../db/schema';
import { highlightCode } from '../../lib/highlight';
import { isId } from '../../lib/ids';
import { LIST_MAX } from '../../lib/list-limits';

// Readers see published tutorials only; drafts live in the Studio.
const published = eq(tutorials.status, 'published');
const columns = { _id: tutorials.id, title: tutorials.title, image: tutorials.image, content: tutorials.content };

// Code blocks come back highlighted (decision 0017); the read cache keeps the result.
const highlighted = async (row: Tutorial): Promise<Tutorial> => ({ ...row, content: await highlightCode(row.content) });

export async function listTutorials(db: Db): Promise<Tutorial[]> {
  const rows = await db
    .select(columns)
    .from(tutorials)
    .where(published)
    .orderBy(asc(tutorials.position), asc(tutorials.id))
    .limit(LIST_MAX);
  return Promise.all(rows.map(highlighted));
}

/** The specified call answers an array whose first item is the tutorial. */
export async function getTutorial(db: Db, id: string): Promise<Tutorial[] | null> {
  if (!isId(id)) return null;
  const rows = await db
    .select(columns)
    .from(tutorials)
    .where(and(eq(tutorials.id, id), published));
  return rows.length ? Promise.all(rows.map(highlighted)) : null;
}

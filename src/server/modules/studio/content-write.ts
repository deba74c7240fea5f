// Every Studio content write runs through here: one transaction holding the change, its audit row and the NOTIFY
// that clears every process's read cache when it commits (plugins/content-cache.ts). The route then clears its
// own process's cache at once (app.contentChanged()). Beside it, the steps every kind of item shares.
import { eq } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/studio';
import type { Status } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import type { blogs, courses, lessons, tutorials } from '../../db/schema';
import { isId } from '../../lib/ids';
import { sanitizeTitle } from '../../lib/sanitize';
import { announceContentChange } from '../../plugins/content-cache';
import { badRequest } from '../../lib/errors';
import { type ItemKind, itemNotFound, staleVersion } from './studio-access';

export function contentWrite<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await announceContentChange(tx);
    return result;
  });
}

/** A save that moves the status is a publish or an unpublish; any other save is an update. */
export const saveAction = (before: Status, after: Status): AuditAction =>
  before === after ? 'update' : after === 'published' ? 'publish' : 'unpublish';

export const iso = (date: Date) => date.toISOString();

/** A title is plain text after sanitizing, and never empty. */
export const cleanTitle = (title: string) => {
  const clean = sanitizeTitle(title);
  if (!clean) throw badRequest('title is required');
  return clean;
};

/** An item's author as the Studio answers it: none for the demo catalogue or when the account was deleted. */
export const authorOf = (row: { authorId: string | null; authorName: string | null }) =>
  row.authorId ? { _id: row.authorId, name: row.authorName ?? '' } : null;

/** The row `read` finds, or the kind's not-found; an id that is not a UUID names nothing, so nothing is read. */
export async function readOne<Row>(kind: ItemKind, id: string, read: () => PromiseLike<Row[]>): Promise<Row> {
  if (!isId(id)) throw itemNotFound(kind);
  const [row] = await read();
  if (!row) throw itemNotFound(kind);
  return row;
}

/** The versioned update matched no row: the item is gone (404) or someone saved first (409). */
export async function lostRace(
  tx: Db,
  table: typeof courses | typeof lessons | typeof tutorials | typeof blogs,
  kind: ItemKind,
  id: string,
  sent: number,
) {
  const [row] = await tx.select({ version: table.version }).from(table).where(eq(table.id, id));
  return row ? staleVersion(kind, row.version, sent) : itemNotFound(kind);
}

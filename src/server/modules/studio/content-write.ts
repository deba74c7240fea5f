// Every Studio content write runs through here: one transaction holding the change, its audit row and the NOTIFY
// that clears every process's read cache when it commits (plugins/content-cache.ts). The route then clears its
// own process's cache at once (app.contentChanged()).
import type { AuditAction } from '../../../shared/studio';
import type { Status } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import { announceContentChange } from '../../plugins/content-cache';

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

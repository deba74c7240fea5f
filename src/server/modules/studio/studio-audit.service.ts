// The audit trail for admins: newest first, a page at a time; `before` (an entry's `at`) pages back.
import { desc, lt } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { AuditEntry } from '../../../shared/studio';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { iso } from './content-write';

type AuditRow = typeof auditLog.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: iso(row.at),
  actor: row.actorId ? { _id: row.actorId, name: row.actorName } : null,
  actorName: row.actorName,
  action: row.action as AuditEntry['action'],
  entity: row.entity as AuditEntry['entity'],
  entityId: row.entityId,
  beforeTitle: row.beforeTitle,
  afterTitle: row.afterTitle,
});

/**
 * At most LIMITS.auditPageMax entries older than `before`, newest first. The database keeps microseconds and the
 * answer milliseconds, so the next page (`at < last entry's at`) would skip entries sharing the last entry's
 * millisecond that did not fit: a page therefore ends at a millisecond boundary (it may hold a few fewer entries).
 * An empty page is the end.
 */
export async function listAudit(db: Db, before: string | undefined): Promise<AuditEntry[]> {
  const max = LIMITS.auditPageMax;
  const rows = await db
    .select()
    .from(auditLog)
    .where(before ? lt(auditLog.at, new Date(before)) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(max + 1);
  if (rows.length <= max) return rows.map(toEntry);
  const boundary = rows[max].at.getTime();
  const page = rows.slice(0, max).filter((row) => row.at.getTime() !== boundary);
  // Over a page of entries in one millisecond cannot be paged exactly; answer the page rather than nothing.
  return (page.length > 0 ? page : rows.slice(0, max)).map(toEntry);
}

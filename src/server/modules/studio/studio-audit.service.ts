// The audit trail for admins: newest first, a page at a time; `before` (an entry's `at`) pages back. Filters narrow it
// to one person, one kind of item and a span of time; each entry says where its item is now, so it can link to it.
import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import {
  type AuditEntity,
  type AuditEntry,
  type AuditItem,
  type AuditQuery,
  auditFromInstant,
  auditToInstant,
} from '../../../shared/studio';
import type { Db } from '../../db/client';
import {
  auditLog,
  blogs,
  bugComments,
  bugs,
  courses,
  lessonComments,
  practiceItems,
  lessons,
  tutorials,
  users,
} from '../../db/schema';
import { iso } from './content-write';

type AuditRow = typeof auditLog.$inferSelect;

const toEntry = (row: AuditRow, item: AuditItem): AuditEntry => ({
  _id: row.id,
  at: iso(row.at),
  actor: row.actorId ? { _id: row.actorId, name: row.actorName } : null,
  actorName: row.actorName,
  action: row.action as AuditEntry['action'],
  entity: row.entity as AuditEntry['entity'],
  entityId: row.entityId,
  beforeTitle: row.beforeTitle,
  afterTitle: row.afterTitle,
  item,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Placed = { id: string; item: NonNullable<AuditItem> };

/** Where the items of these ids are now, for one kind (an id that names nothing is left out: the item is gone). */
async function place(db: Db, entity: AuditEntity, ids: string[]): Promise<Placed[]> {
  switch (entity) {
    case 'course':
      return (await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids))).map(({ id }) => ({
        id,
        item: { courseId: id },
      }));
    case 'lesson':
      return (
        await db.select({ id: lessons.id, courseId: lessons.courseId }).from(lessons).where(inArray(lessons.id, ids))
      ).map(({ id, courseId }) => ({ id, item: { courseId, lessonId: id } }));
    case 'tutorial':
      return (await db.select({ id: tutorials.id }).from(tutorials).where(inArray(tutorials.id, ids))).map(
        ({ id }) => ({ id, item: {} }),
      );
    case 'blog':
      return (await db.select({ id: blogs.id }).from(blogs).where(inArray(blogs.id, ids))).map(({ id }) => ({
        id,
        item: {},
      }));
    case 'user':
      return (await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map(({ id }) => ({
        id,
        item: {},
      }));
    case 'bug':
      return (await db.select({ id: bugs.id }).from(bugs).where(inArray(bugs.id, ids))).map(({ id }) => ({
        id,
        item: { bugId: id },
      }));
    case 'solution':
      return (
        await db
          .select({ id: bugComments.id, bugId: bugComments.bugId })
          .from(bugComments)
          .where(inArray(bugComments.id, ids))
      ).map(({ id, bugId }) => ({ id, item: { bugId } }));
    case 'comment':
      return (
        await db
          .select({ id: lessonComments.id, lessonId: lessonComments.lessonId, courseId: lessons.courseId })
          .from(lessonComments)
          .innerJoin(lessons, eq(lessons.id, lessonComments.lessonId))
          .where(inArray(lessonComments.id, ids))
      ).map(({ id, lessonId, courseId }) => ({ id, item: { courseId, lessonId } }));
    case 'exercise':
    case 'quiz':
      return (
        await db
          .select({
            id: practiceItems.id,
            lessonId: practiceItems.lessonId,
            tutorialId: practiceItems.tutorialId,
            courseId: lessons.courseId,
          })
          .from(practiceItems)
          .leftJoin(lessons, eq(lessons.id, practiceItems.lessonId))
          .where(inArray(practiceItems.id, ids))
      ).map(({ id, lessonId, tutorialId, courseId }) => ({
        id,
        item: lessonId && courseId ? { courseId, lessonId } : tutorialId ? { tutorialId } : {},
      }));
    case 'media':
    case 'site':
    case 'certificate':
      return [];
  }
}

/** Files, the site and certificates (kept, even revoked) are named by their address, not placed by a query. */
const alwaysThere = (entity: AuditEntity) => entity === 'media' || entity === 'site' || entity === 'certificate';

/** Each row's item as it is now: one query per kind of item on the page. Files and the site are always there. */
async function placeAll(db: Db, rows: AuditRow[]): Promise<Map<string, AuditItem>> {
  const byKind = new Map<AuditEntity, Set<string>>();
  for (const row of rows) {
    const entity = row.entity as AuditEntity;
    if (alwaysThere(entity) || !UUID.test(row.entityId)) continue;
    byKind.set(entity, (byKind.get(entity) ?? new Set()).add(row.entityId));
  }
  const found = new Map<string, AuditItem>();
  for (const [entity, ids] of byKind)
    for (const { id, item } of await place(db, entity, [...ids])) found.set(`${entity}:${id}`, item);
  return found;
}

const itemOf = (row: AuditRow, found: Map<string, AuditItem>): AuditItem =>
  alwaysThere(row.entity as AuditEntity) ? {} : (found.get(`${row.entity}:${row.entityId}`) ?? null);

/**
 * At most LIMITS.auditPageMax entries older than `before` that pass the filters, newest first. The database keeps
 * microseconds and the answer milliseconds, so the next page (`at < last entry's at`) would skip entries sharing the
 * last entry's millisecond that did not fit: a page therefore ends at a millisecond boundary (it may hold a few fewer
 * entries). An empty page is the end.
 */
export async function listAudit(db: Db, query: AuditQuery = {}): Promise<AuditEntry[]> {
  const max = LIMITS.auditPageMax;
  const where: SQL[] = [];
  if (query.before) where.push(lt(auditLog.at, new Date(query.before)));
  if (query.actor) where.push(eq(auditLog.actorId, query.actor));
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.from) where.push(gte(auditLog.at, auditFromInstant(query.from)));
  // The bound is a millisecond and the database keeps microseconds: everything before the next millisecond is in.
  if (query.to) where.push(lt(auditLog.at, new Date(auditToInstant(query.to).getTime() + 1)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(max + 1);
  let page = rows;
  if (rows.length > max) {
    const boundary = rows[max].at.getTime();
    const whole = rows.slice(0, max).filter((row) => row.at.getTime() !== boundary);
    // Over a page of entries in one millisecond cannot be paged exactly; answer the page rather than nothing.
    page = whole.length > 0 ? whole : rows.slice(0, max);
  }
  const found = await placeAll(db, page);
  return page.map((row) => toEntry(row, itemOf(row, found)));
}

// Everything an account holds, in one list: for each feature's part, the columns that reference the person, what
// their export holds, and what deleting the account does to it. A feature that stores something of a person adds
// one entry here (account-data.test.ts fails while a column referencing users has none), and its data is then in the
// export and gone with the account, both without touching the calls.
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  blogs,
  bugComments,
  bugs,
  bugVotes,
  bugWatches,
  certificates,
  contentRevisions,
  courses,
  exerciseSubmissions,
  lessonComments,
  lessonProgress,
  mailOutbox,
  notificationDigests,
  notificationPreferences,
  notifications,
  notificationStreamTickets,
  practiceProgress,
  quizAttempts,
  sessions,
  siteSettings,
  tutorials,
  userTokens,
} from '../../db/schema';
import { parseUserAgent } from './user-agent';

/** The name that replaces a deleted person's wherever a record must keep one (the audit trail, revisions). */
export const DELETED_NAME = 'unknown';

/** The reason a deleted account's certificates give when asked for. */
export const CERTIFICATE_GONE_REASON = "The learner's account was deleted";

export interface DeleteContext {
  userId: string;
  /** The account's address and the one a change waited for: mail rows addressed to them go. */
  emails: string[];
  /** The person chose to delete what they wrote (comments, bugs, solutions) rather than leave it as 'unknown'. */
  deleteContent: boolean;
  now: Date;
}

export interface AccountDataPart {
  /** The key of this part in the exported file. */
  name: string;
  /** The columns referencing users.id this part answers for, as `table.column`. */
  columns: string[];
  /** The part's rows for the export, read in batches (null: nothing of it is exported, said why beside it). */
  export: ((db: Db, userId: string) => AsyncIterable<unknown>) | null;
  /** Inside the deleting transaction, before the users row goes. */
  remove(tx: Db, context: DeleteContext): Promise<void>;
  /** A part that can be large (what the person wrote) also removes up to `limit` rows in one statement of its own,
   *  before the deleting transaction: the deletion runs it until it removes none, so that on the embedded database,
   *  whose one connection serves every request, reads run between the batches instead of waiting for all of them.
   *  `remove` then finds only what was written meanwhile. Answers how many rows it removed or unlinked. */
  removeBatch?(db: Db, context: DeleteContext, limit: number): Promise<number>;
}

/** The rows of `userColumn`'s person: all, or the first `limit` of them (by `id`, through a subquery). */
function rowsOf(db: Db, table: PgTable, id: AnyPgColumn, userColumn: AnyPgColumn, userId: string, limit?: number) {
  if (limit === undefined) return eq(userColumn, userId);
  return inArray(id, db.select({ id }).from(table).where(eq(userColumn, userId)).limit(limit));
}

/** What the person wrote (comments, bugs, solutions), by its table: deleted when they chose so (a bug with its
 *  solutions by others, as when its author deletes it), else kept without an author ('unknown'). All of it inside the
 *  deleting transaction, or up to `limit` rows in a statement of its own ahead of it. */
function authored(table: PgTable, id: AnyPgColumn, userColumn: AnyPgColumn) {
  const removeRows = async (db: Db, { userId, deleteContent }: DeleteContext, limit?: number) => {
    const rows = rowsOf(db, table, id, userColumn, userId, limit);
    const statement = deleteContent
      ? sql`delete from ${table} where ${rows} returning 1`
      : sql`update ${table} set ${sql.identifier(userColumn.name)} = null where ${rows} returning 1`;
    return ((await db.execute(statement)) as { rows: unknown[] }).rows.length;
  };
  return {
    remove: async (tx: Db, context: DeleteContext) => void (await removeRows(tx, context)),
    removeBatch: removeRows,
  };
}

/** Rows per read of an export: memory holds one batch of one part at a time, whatever the account's size. */
export const EXPORT_BATCH = 500;

/** Reads a part page by page along `key` (unique within the person's rows), so no read holds more than a batch. */
async function* batches<T>(read: (after: string | null) => Promise<T[]>, keyOf: (row: T) => string) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** The person's rows after `after` along `key`, in key order. */
const mine = (userColumn: AnyPgColumn, userId: string, key: AnyPgColumn, after: string | null): SQL | undefined =>
  and(eq(userColumn, userId), after === null ? undefined : gt(key, after));

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const ACCOUNT_DATA: AccountDataPart[] = [
  {
    name: 'sessions',
    columns: ['sessions.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(sessions)
              .where(mine(sessions.userId, userId, sessions.id, after))
              .orderBy(asc(sessions.id))
              .limit(EXPORT_BATCH)
          ).map((s) => ({
            _id: s.id,
            ...parseUserAgent(s.userAgent),
            userAgent: s.userAgent,
            createdAt: iso(s.createdAt),
            lastUsedAt: iso(s.lastUsedAt),
            expiresAt: iso(s.expiresAt),
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },
  },
  {
    // Only what the links were for and when: the tokens themselves are secrets (and only their hashes are kept).
    name: 'emailLinks',
    columns: ['user_tokens.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(userTokens)
              .where(mine(userTokens.userId, userId, userTokens.id, after))
              .orderBy(asc(userTokens.id))
              .limit(EXPORT_BATCH)
          ).map((t) => ({
            _id: t.id,
            kind: t.kind,
            email: t.email,
            createdAt: iso(t.createdAt),
            expiresAt: iso(t.expiresAt),
            usedAt: iso(t.usedAt),
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(userTokens).where(eq(userTokens.userId, userId));
    },
  },
  {
    // Mail is not keyed by the account but addressed to it: what waits to be sent (or was sent) to the person's
    // addresses goes. Not exported: it is the site's mail to them, which they have.
    name: 'mail',
    columns: [],
    export: null,
    remove: async (tx, { emails }) => {
      if (emails.length === 0) return;
      await tx.delete(mailOutbox).where(
        inArray(
          sql`lower(${mailOutbox.to})`,
          emails.map((e) => e.toLowerCase()),
        ),
      );
    },
  },
  {
    name: 'comments',
    columns: ['lesson_comments.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(lessonComments)
              .where(mine(lessonComments.userId, userId, lessonComments.id, after))
              .orderBy(asc(lessonComments.id))
              .limit(EXPORT_BATCH)
          ).map((c) => ({ _id: c.id, lessonId: c.lessonId, content: c.content, createdAt: iso(c.createdAt) })),
        (row) => row._id,
      ),
    ...authored(lessonComments, lessonComments.id, lessonComments.userId),
  },
  {
    // With the person's bugs deleted go their solutions by others, as when the author deletes a bug.
    name: 'bugs',
    columns: ['bugs.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select({
                id: bugs.id,
                title: bugs.title,
                description: bugs.description,
                tags: bugs.tags,
                createdAt: bugs.createdAt,
                editedAt: bugs.editedAt,
                acceptedSolutionId: bugs.acceptedSolutionId,
                lessonId: bugs.lessonId,
                lessonAt: bugs.lessonAt,
              })
              .from(bugs)
              .where(mine(bugs.userId, userId, bugs.id, after))
              .orderBy(asc(bugs.id))
              .limit(EXPORT_BATCH)
          ).map((b) => ({
            _id: b.id,
            title: b.title,
            description: b.description,
            tags: b.tags,
            createdAt: iso(b.createdAt),
            editedAt: iso(b.editedAt),
            acceptedSolution: b.acceptedSolutionId,
            lesson: b.lessonId ? { id: b.lessonId, at: b.lessonAt } : null,
          })),
        (row) => row._id,
      ),
    ...authored(bugs, bugs.id, bugs.userId),
  },
  {
    name: 'solutions',
    columns: ['bug_comments.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(bugComments)
              .where(mine(bugComments.userId, userId, bugComments.id, after))
              .orderBy(asc(bugComments.id))
              .limit(EXPORT_BATCH)
          ).map((c) => ({
            _id: c.id,
            bugId: c.bugId,
            content: c.content,
            score: c.score,
            createdAt: iso(c.createdAt),
            editedAt: iso(c.editedAt),
          })),
        (row) => row._id,
      ),
    ...authored(bugComments, bugComments.id, bugComments.userId),
  },
  {
    // The votes' link to the person goes; the scores they made stay as counted (a score is kept, not summed).
    name: 'votes',
    columns: ['bug_votes.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          await db
            .select({ solutionId: bugVotes.solutionId, value: bugVotes.value })
            .from(bugVotes)
            .where(mine(bugVotes.userId, userId, bugVotes.solutionId, after))
            .orderBy(asc(bugVotes.solutionId))
            .limit(EXPORT_BATCH),
        (row) => row.solutionId,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(bugVotes).where(eq(bugVotes.userId, userId));
    },
  },
  {
    name: 'lessonProgress',
    columns: ['lesson_progress.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select({
                lessonId: lessonProgress.lessonId,
                ranges: sql<string>`${lessonProgress.ranges}::text`,
                watched: lessonProgress.watched,
                position: lessonProgress.position,
                completed: lessonProgress.completed,
                manual: lessonProgress.manual,
                updatedAt: lessonProgress.updatedAt,
              })
              .from(lessonProgress)
              .where(mine(lessonProgress.userId, userId, lessonProgress.lessonId, after))
              .orderBy(asc(lessonProgress.lessonId))
              .limit(EXPORT_BATCH)
          ).map((p) => ({ ...p, updatedAt: iso(p.updatedAt) })),
        (row) => row.lessonId,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(lessonProgress).where(eq(lessonProgress.userId, userId));
    },
  },
  {
    name: 'practiceProgress',
    columns: ['practice_progress.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(practiceProgress)
              .where(mine(practiceProgress.userId, userId, practiceProgress.itemId, after))
              .orderBy(asc(practiceProgress.itemId))
              .limit(EXPORT_BATCH)
          ).map((p) => ({
            itemId: p.itemId,
            code: p.code,
            passedAt: iso(p.passedAt),
            updatedAt: iso(p.updatedAt),
          })),
        (row) => row.itemId,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(practiceProgress).where(eq(practiceProgress.userId, userId));
    },
  },
  {
    name: 'exerciseSubmissions',
    columns: ['exercise_submissions.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(exerciseSubmissions)
              .where(mine(exerciseSubmissions.userId, userId, exerciseSubmissions.id, after))
              .orderBy(asc(exerciseSubmissions.id))
              .limit(EXPORT_BATCH)
          ).map((s) => ({
            _id: s.id,
            exerciseId: s.exerciseId,
            code: s.code,
            verdict: s.verdict,
            results: s.results,
            output: s.output,
            error: s.error,
            durationMs: s.durationMs,
            createdAt: iso(s.createdAt),
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(exerciseSubmissions).where(eq(exerciseSubmissions.userId, userId));
    },
  },
  {
    name: 'quizAttempts',
    columns: ['quiz_attempts.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(quizAttempts)
              .where(mine(quizAttempts.userId, userId, quizAttempts.id, after))
              .orderBy(asc(quizAttempts.id))
              .limit(EXPORT_BATCH)
          ).map((a) => ({
            _id: a.id,
            quizId: a.quizId,
            answers: a.answers,
            score: a.score,
            total: a.total,
            passed: a.passed,
            createdAt: iso(a.createdAt),
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId));
    },
  },
  {
    // A deleted person's certificates stop verifying (410, saying why) and forget the name on them; the rows stay so
    // their addresses answer that rather than 'not found'. Revocations the person made as an admin stay, unlinked.
    name: 'certificates',
    columns: ['certificates.user_id', 'certificates.revoked_by'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(certificates)
              .where(mine(certificates.userId, userId, certificates.id, after))
              .orderBy(asc(certificates.id))
              .limit(EXPORT_BATCH)
          ).map((c) => ({
            _id: c.id,
            code: c.code,
            courseId: c.courseId,
            learnerName: c.learnerName,
            courseTitle: c.courseTitle,
            lessons: c.lessons,
            hoursWatched: c.hoursWatched,
            exercisesPassed: c.exercisesPassed,
            quizzesPassed: c.quizzesPassed,
            issuedAt: iso(c.issuedAt),
            revokedAt: iso(c.revokedAt),
            revokedReason: c.revokedReason,
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId, now }) => {
      const gone = await tx
        .update(certificates)
        .set({
          userId: null,
          learnerName: DELETED_NAME,
          revokedAt: sql`coalesce(${certificates.revokedAt}, ${now})`,
          revokedReason: sql`coalesce(${certificates.revokedReason}, ${CERTIFICATE_GONE_REASON})`,
        })
        .where(eq(certificates.userId, userId))
        .returning({ code: certificates.code });
      // A revocation's audit entry names the learner: that name goes too.
      if (gone.length > 0)
        await tx
          .update(auditLog)
          .set({ beforeTitle: null })
          .where(
            and(
              eq(auditLog.entity, 'certificate'),
              inArray(
                auditLog.entityId,
                gone.map((c) => c.code),
              ),
            ),
          );
      await tx.update(certificates).set({ revokedBy: null }).where(eq(certificates.revokedBy, userId));
    },
  },
  {
    // What the site told the person; as someone's actor, only the link to them goes (the notification stays).
    name: 'notifications',
    columns: ['notifications.recipient_id', 'notifications.actor_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(notifications)
              .where(mine(notifications.recipientId, userId, notifications.id, after))
              .orderBy(asc(notifications.id))
              .limit(EXPORT_BATCH)
          ).map((n) => ({
            _id: n.id,
            type: n.type,
            subject: { type: n.subjectType, _id: n.subjectId, title: n.subjectTitle, url: n.subjectUrl },
            count: n.count,
            read: n.readAt !== null,
            createdAt: iso(n.createdAt),
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(notifications).where(eq(notifications.recipientId, userId));
      await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, userId));
    },
  },
  {
    name: 'watchedBugs',
    columns: ['bug_watches.user_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(bugWatches)
              .where(mine(bugWatches.userId, userId, bugWatches.bugId, after))
              .orderBy(asc(bugWatches.bugId))
              .limit(EXPORT_BATCH)
          ).map((w) => ({ bugId: w.bugId, createdAt: iso(w.createdAt) })),
        (row) => row.bugId,
      ),
    remove: async (tx, { userId }) => {
      await tx.delete(bugWatches).where(eq(bugWatches.userId, userId));
    },
  },
  {
    // The mail settings (one row at most) and the digests mailed (one per period).
    name: 'notificationSettings',
    columns: ['notification_preferences.user_id', 'notification_digests.user_id'],
    export: async function* (db, userId) {
      const [preferences] = await db
        .select({ digest: notificationPreferences.digest, types: notificationPreferences.types })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      if (preferences) yield { preferences };
      yield* batches(
        async (after) =>
          (
            await db
              .select()
              .from(notificationDigests)
              .where(mine(notificationDigests.userId, userId, notificationDigests.period, after))
              .orderBy(asc(notificationDigests.period))
              .limit(EXPORT_BATCH)
          ).map((d) => ({ digest: d.period, sentAt: iso(d.sentAt), notifications: d.count })),
        (row) => row.digest,
      );
    },
    remove: async (tx, { userId }) => {
      await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      await tx.delete(notificationDigests).where(eq(notificationDigests.userId, userId));
    },
  },
  {
    // Single-use tickets that live a minute, kept as hashes: nothing to export.
    name: 'notificationStreamTickets',
    columns: ['notification_stream_tickets.user_id'],
    export: null,
    remove: async (tx, { userId }) => {
      await tx.delete(notificationStreamTickets).where(eq(notificationStreamTickets.userId, userId));
    },
  },
  {
    // The trail stays (what happened to the site's content), without the person: their name becomes 'unknown'.
    name: 'studioActions',
    columns: ['audit_log.actor_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select()
              .from(auditLog)
              .where(mine(auditLog.actorId, userId, auditLog.id, after))
              .orderBy(asc(auditLog.id))
              .limit(EXPORT_BATCH)
          ).map((a) => ({
            _id: a.id,
            at: iso(a.at),
            action: a.action,
            entity: a.entity,
            entityId: a.entityId,
            beforeTitle: a.beforeTitle,
            afterTitle: a.afterTitle,
          })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx.update(auditLog).set({ actorId: null, actorName: DELETED_NAME }).where(eq(auditLog.actorId, userId));
    },
  },
  {
    name: 'publishedRevisions',
    columns: ['content_revisions.by_id'],
    export: (db, userId) =>
      batches(
        async (after) =>
          (
            await db
              .select({
                id: contentRevisions.id,
                kind: contentRevisions.kind,
                itemId: contentRevisions.itemId,
                title: contentRevisions.title,
                at: contentRevisions.at,
              })
              .from(contentRevisions)
              .where(mine(contentRevisions.byId, userId, contentRevisions.id, after))
              .orderBy(asc(contentRevisions.id))
              .limit(EXPORT_BATCH)
          ).map((r) => ({ _id: r.id, kind: r.kind, itemId: r.itemId, title: r.title, at: iso(r.at) })),
        (row) => row._id,
      ),
    remove: async (tx, { userId }) => {
      await tx
        .update(contentRevisions)
        .set({ byId: null, byName: DELETED_NAME })
        .where(eq(contentRevisions.byId, userId));
    },
  },
  {
    // Courses, tutorials and posts are the site's: they stay, without an author (content without one is the site's).
    name: 'authoredContent',
    columns: ['courses.author_id', 'tutorials.author_id', 'blogs.author_id'],
    export: async function* (db, userId) {
      for (const [kind, table] of [
        ['course', courses],
        ['tutorial', tutorials],
        ['blog', blogs],
      ] as const) {
        yield* batches(
          async (after) =>
            (
              await db
                .select({ id: table.id, title: table.title, status: table.status, updatedAt: table.updatedAt })
                .from(table)
                .where(mine(table.authorId, userId, table.id, after))
                .orderBy(asc(table.id))
                .limit(EXPORT_BATCH)
            ).map((c) => ({ kind, _id: c.id, title: c.title, status: c.status, updatedAt: iso(c.updatedAt) })),
          (row) => row._id,
        );
      }
    },
    remove: async (tx, { userId }) => {
      for (const table of [courses, tutorials, blogs])
        await tx.update(table).set({ authorId: null }).where(eq(table.authorId, userId));
    },
  },
  {
    name: 'siteSettingsChanges',
    columns: ['site_settings.updated_by'],
    export: async function* (db, userId) {
      const rows = await db
        .select({ updatedAt: siteSettings.updatedAt })
        .from(siteSettings)
        .where(eq(siteSettings.updatedBy, userId));
      for (const row of rows) yield { updatedAt: iso(row.updatedAt) };
    },
    remove: async (tx, { userId }) => {
      await tx.update(siteSettings).set({ updatedBy: null }).where(eq(siteSettings.updatedBy, userId));
    },
  },
];

/** Every `table.column` the list answers for. */
export const coveredColumns = () => new Set(ACCOUNT_DATA.flatMap((part) => part.columns));

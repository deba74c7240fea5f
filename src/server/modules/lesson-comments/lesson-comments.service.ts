// Comments on lessons: sanitized on the way in, listed newest first, deleted by their author or by an admin
// (moderation, recorded in the audit trail).
import { and, desc, eq } from 'drizzle-orm';
import type { Comment } from '../../../shared/contract';
import { type Db, sqlState } from '../../db/client';
import { lessonComments, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { type Author, auditExcerpt, type Deleter, highlightComment, toComment } from '../../lib/comment-mapper';
import { isId } from '../../lib/ids';
import { htmlToText, isBlankHtml, sanitizeRichText } from '../../lib/sanitize';
import { lessonExists } from '../courses';

/** A lesson shows at most this many comments, the newest; the list's cost does not grow with the table. */
export const COMMENTS_MAX = 200;

export type AddCommentResult = { ok: true; comment: Comment } | { ok: false; reason: 'blank' | 'lesson-not-found' };
export type DeleteCommentResult = { ok: true; comment: Comment } | { ok: false; reason: 'not-found' | 'not-owner' };

export async function addLessonComment(
  db: Db,
  author: Author,
  lessonId: string,
  html: string,
): Promise<AddCommentResult> {
  if (!isId(lessonId)) return { ok: false, reason: 'lesson-not-found' };
  const content = sanitizeRichText(html);
  if (isBlankHtml(content)) return { ok: false, reason: 'blank' };
  // Only a published course's lessons take comments: a draft's lesson does not exist for readers.
  if (!(await lessonExists(db, lessonId))) return { ok: false, reason: 'lesson-not-found' };
  try {
    const [row] = await db
      .insert(lessonComments)
      .values({ lessonId, userId: author.id, content })
      .returning({ id: lessonComments.id, content: lessonComments.content, createdAt: lessonComments.createdAt });
    return {
      ok: true,
      comment: await highlightComment(toComment({ ...row, userId: author.id, userName: author.name })),
    };
  } catch (err) {
    // The lesson's foreign key: an unknown (or just deleted) lesson, told apart without a lookup first.
    if (sqlState(err) === '23503') return { ok: false, reason: 'lesson-not-found' };
    throw err;
  }
}

/** The newest comments of a lesson first; null when the lesson does not exist or its course is not published. */
export async function listLessonComments(db: Db, lessonId: string): Promise<Comment[] | null> {
  if (!isId(lessonId) || !(await lessonExists(db, lessonId))) return null;
  const rows = await db
    .select({
      id: lessonComments.id,
      content: lessonComments.content,
      createdAt: lessonComments.createdAt,
      userId: users.id,
      userName: users.name,
    })
    .from(lessonComments)
    .innerJoin(users, eq(users.id, lessonComments.userId))
    .where(eq(lessonComments.lessonId, lessonId))
    .orderBy(desc(lessonComments.createdAt), desc(lessonComments.id))
    .limit(COMMENTS_MAX);
  return Promise.all(rows.map((row) => highlightComment(toComment(row))));
}

export async function deleteLessonComment(db: Db, author: Deleter, commentId: string): Promise<DeleteCommentResult> {
  if (!isId(commentId)) return { ok: false, reason: 'not-found' };
  if (author.role === 'admin') return moderateComment(db, author, commentId);
  // One statement decides and deletes, so a concurrent second delete cannot both pass the check.
  const [deleted] = await db
    .delete(lessonComments)
    .where(and(eq(lessonComments.id, commentId), eq(lessonComments.userId, author.id)))
    .returning({ id: lessonComments.id, content: lessonComments.content, createdAt: lessonComments.createdAt });
  if (deleted) return { ok: true, comment: toComment({ ...deleted, userId: author.id, userName: author.name }) };
  const [existing] = await db
    .select({ id: lessonComments.id })
    .from(lessonComments)
    .where(eq(lessonComments.id, commentId));
  return { ok: false, reason: existing ? 'not-owner' : 'not-found' };
}

/** An admin deletes any comment; deleting someone else's is recorded in the audit trail, in the same transaction. */
function moderateComment(db: Db, admin: Deleter, commentId: string): Promise<DeleteCommentResult> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(lessonComments).where(eq(lessonComments.id, commentId)).returning({
      id: lessonComments.id,
      content: lessonComments.content,
      createdAt: lessonComments.createdAt,
      userId: lessonComments.userId,
    });
    if (!deleted) return { ok: false, reason: 'not-found' } as const;
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'comment',
        entityId: commentId,
        beforeTitle: auditExcerpt(htmlToText(deleted.content)),
      });
    const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, deleted.userId));
    return { ok: true, comment: toComment({ ...deleted, userName: owner?.name ?? '' }) } as const;
  });
}

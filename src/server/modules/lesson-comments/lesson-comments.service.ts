// Comments on lessons: sanitized on the way in, listed newest first, deleted by their author or by an admin
// (moderation, recorded in the audit trail).
import { lessonCommented } from '../notifications';
import { and, desc, eq } from 'drizzle-orm';
import type { Comment } from '../../../shared/contract';
import { type Db, sqlState } from '../../db/client';
import { lessonComments, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { type Author, auditExcerpt, type Deleter, highlightComment, toComment } from '../../lib/comment-mapper';
import { isId } from '../../lib/ids';
import { htmlToText, isBlankHtml, sanitizeRichText } from '../../lib/sanitize';
import { lessonExists } from '../courses';

/** A lesson shows at most this many comments, the newest; the list's cost does not grow with the table. */
export const COMMENTS_MAX = 200;

const lessonNotFound = () => notFound('Lesson not found');
const commentNotFound = () => notFound('Comment not found');

export async function addLessonComment(db: Db, author: Author, lessonId: string, html: string): Promise<Comment> {
  if (!isId(lessonId)) throw lessonNotFound();
  const content = sanitizeRichText(html);
  if (isBlankHtml(content)) throw badRequest('content is empty: write something first');
  // Only the lessons readers see take comments: a draft lesson, or a draft course's, does not exist for readers.
  if (!(await lessonExists(db, lessonId))) throw lessonNotFound();
  try {
    // The comment and the notifications of the others who commented there, together.
    const row = await db.transaction(async (tx) => {
      const [written] = await tx
        .insert(lessonComments)
        .values({ lessonId, userId: author.id, content })
        .returning({ id: lessonComments.id, content: lessonComments.content, createdAt: lessonComments.createdAt });
      await lessonCommented(tx, { lessonId, commentId: written.id, authorId: author.id });
      return written;
    });
    return await highlightComment(
      toComment({ ...row, userId: author.id, userName: author.name, userPublic: author.profilePublic }),
    );
  } catch (err) {
    // The lesson's foreign key: an unknown (or just deleted) lesson, told apart without a lookup first.
    if (sqlState(err) === '23503') throw lessonNotFound();
    throw err;
  }
}

/** The newest comments of a lesson first; refused when readers do not see the lesson (a draft, or its course is). */
export async function listLessonComments(db: Db, lessonId: string): Promise<Comment[]> {
  if (!isId(lessonId) || !(await lessonExists(db, lessonId))) throw lessonNotFound();
  const rows = await db
    .select({
      id: lessonComments.id,
      content: lessonComments.content,
      createdAt: lessonComments.createdAt,
      userId: users.id,
      userName: users.name,
      userPublic: users.profilePublic,
    })
    .from(lessonComments)
    .leftJoin(users, eq(users.id, lessonComments.userId))
    .where(eq(lessonComments.lessonId, lessonId))
    .orderBy(desc(lessonComments.createdAt), desc(lessonComments.id))
    .limit(COMMENTS_MAX);
  return Promise.all(rows.map((row) => highlightComment(toComment(row))));
}

export async function deleteLessonComment(db: Db, author: Deleter, commentId: string): Promise<Comment> {
  if (!isId(commentId)) throw commentNotFound();
  if (author.role === 'admin') return moderateComment(db, author, commentId);
  // One statement decides and deletes, so a concurrent second delete cannot both pass the check.
  const [deleted] = await db
    .delete(lessonComments)
    .where(and(eq(lessonComments.id, commentId), eq(lessonComments.userId, author.id)))
    .returning({ id: lessonComments.id, content: lessonComments.content, createdAt: lessonComments.createdAt });
  if (deleted)
    return toComment({ ...deleted, userId: author.id, userName: author.name, userPublic: author.profilePublic });
  const [existing] = await db
    .select({ id: lessonComments.id })
    .from(lessonComments)
    .where(eq(lessonComments.id, commentId));
  throw existing ? forbidden('You can only delete your own comments') : commentNotFound();
}

/** An admin deletes any comment; deleting someone else's is recorded in the audit trail, in the same transaction. */
function moderateComment(db: Db, admin: Deleter, commentId: string): Promise<Comment> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(lessonComments).where(eq(lessonComments.id, commentId)).returning({
      id: lessonComments.id,
      content: lessonComments.content,
      createdAt: lessonComments.createdAt,
      userId: lessonComments.userId,
    });
    if (!deleted) throw commentNotFound();
    if (deleted.userId !== admin.id)
      await recordAudit(tx, {
        actor: admin,
        action: 'delete',
        entity: 'comment',
        entityId: commentId,
        beforeTitle: auditExcerpt(htmlToText(deleted.content)),
      });
    const [owner] = deleted.userId
      ? await tx
          .select({ name: users.name, profilePublic: users.profilePublic })
          .from(users)
          .where(eq(users.id, deleted.userId))
      : [];
    return toComment({ ...deleted, userName: owner?.name ?? null, userPublic: owner?.profilePublic ?? null });
  });
}

// One shape for a comment in answers: lesson comments and bug solutions are both rows of (id, content, created_at,
// author) and both answer the contract's `Comment`.
import { type Comment, UNKNOWN_AUTHOR } from '../../shared/contract';
import type { Role } from '../../shared/studio-rules';
import { highlightCode } from './highlight';

/** The signed-in user writing or deleting: their id owns the row, their name goes into the answer. */
export interface Author {
  id: string;
  name: string;
  /** Whether their public profile is open (the signed-in user knows it; false when not given). */
  profilePublic?: boolean;
}

/** Someone deleting: the author deletes their own; an admin deletes anyone's (moderation). */
export interface Deleter extends Author {
  role: Role;
}

/** What the audit trail shows of a deleted comment or solution: the start of its text. */
export const auditExcerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export interface CommentRow {
  id: string;
  content: string;
  createdAt: Date;
  /** Null once the author's account was deleted: the author shows as 'unknown'. */
  userId: string | null;
  userName: string | null;
  /** Whether the author's public profile is open; false when not known. */
  userPublic?: boolean | null;
}

export const toComment = (row: CommentRow): Comment => ({
  _id: row.id,
  content: row.content,
  date: row.createdAt.toISOString(),
  user:
    row.userId === null
      ? UNKNOWN_AUTHOR
      : { _id: row.userId, name: row.userName ?? '', profilePublic: row.userPublic ?? false },
});

/** A comment as readers get it: its code blocks highlighted (decision 0017). */
export const highlightComment = async <T extends Comment>(comment: T): Promise<T> => ({
  ...comment,
  content: await highlightCode(comment.content),
});

// One shape for a comment in answers: lesson comments and bug solutions are both rows of (id, content, created_at,
// author) and both answer the contract's `Comment`.
import type { Comment } from '../../shared/contract';

/** The signed-in user writing or deleting: their id owns the row, their name goes into the answer. */
export interface Author {
  id: string;
  name: string;
}

export interface CommentRow {
  id: string;
  content: string;
  createdAt: Date;
  userId: string;
  userName: string;
}

export const toComment = (row: CommentRow): Comment => ({
  _id: row.id,
  content: row.content,
  date: row.createdAt.toISOString(),
  user: { _id: row.userId, name: row.userName },
});

// The comments of a lesson for a signed-in reader: the editor (no toolbar), a submit button, and the list with
// delete buttons on the reader's own comments. The specified alerts; a failure shows the server's error.
import { useId } from 'react';
import { TEXT } from '../../../shared/constants';
import { CommentList } from '../../components/comment-list';
import { Loading } from '../../components/loading';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useCommentActions } from '../../components/use-comment-actions';
import { useAddComment } from './api/add-comment';
import { useComments } from './api/get-comments';
import { useDeleteComment } from './api/delete-comment';
import './comments.css';

export function LessonComments({ lessonId, timeHref }: { lessonId: string; timeHref?: (seconds: number) => string }) {
  const headingId = useId();
  const comments = useComments(lessonId);
  const { content, setContent, submit, onDelete, deleting, threadRef, adding } = useCommentActions<HTMLDivElement>({
    add: useAddComment(lessonId),
    remove: useDeleteComment(lessonId),
    addedText: TEXT.commentAdded,
    deletedText: TEXT.commentDeleted,
  });

  return (
    <div className="lesson-comments__body" ref={threadRef}>
      <h2 id={headingId} className="lesson-comments__title">
        Comments
      </h2>
      <form className="comment-form" onSubmit={submit} aria-labelledby={headingId}>
        <RichTextEditor
          value={content}
          onChange={setContent}
          label="Your comment"
          placeholder={TEXT.commentPlaceholder}
        />
        <button type="submit" className="button comment-form__submit" aria-disabled={adding}>
          Submit
        </button>
      </form>
      {comments.isPending && <Loading label="Loading comments…" />}
      {comments.isError && <p className="lesson-comments__error">The comments could not be loaded.</p>}
      {comments.data?.length === 0 && <p className="lesson-comments__empty">No comments yet.</p>}
      {comments.data && comments.data.length > 0 && (
        <CommentList
          items={comments.data}
          noun="comment"
          label="Comments on this lesson"
          onDelete={onDelete}
          deleting={deleting}
          timeHref={timeHref}
        />
      )}
    </div>
  );
}

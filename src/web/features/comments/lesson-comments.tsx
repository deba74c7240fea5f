// The comments of a lesson for a signed-in reader: the editor (no toolbar), a submit button, and the list with
// delete buttons on the reader's own comments. Alerts as SPEC §8 says; a failure shows the server's error.
import { type FormEvent, useId, useState } from 'react';
import { TEXT } from '../../../shared/constants';
import type { Comment } from '../../../shared/contract';
import { showAlert } from '../../components/alert-banner';
import { CommentList } from '../../components/comment-list';
import { Loading } from '../../components/loading';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useAddComment } from './api/add-comment';
import { useComments } from './api/get-comments';
import { useDeleteComment } from './api/delete-comment';
import './comments.css';

const failed = (err: unknown) => showAlert(err instanceof Error ? err.message : String(err), 'danger');

export function LessonComments({ lessonId }: { lessonId: string }) {
  const [content, setContent] = useState('');
  const headingId = useId();
  const comments = useComments(lessonId);
  const add = useAddComment(lessonId);
  const remove = useDeleteComment(lessonId);

  function submit(event: FormEvent) {
    event.preventDefault();
    // SPEC §5: no client-side checks; the server answers an empty comment with an error shown as an alert.
    add.mutate(content, {
      onSuccess: () => {
        setContent('');
        showAlert(TEXT.commentAdded);
      },
      onError: failed,
    });
  }

  function onDelete(comment: Comment) {
    remove.mutate(comment._id, { onSuccess: () => showAlert(TEXT.commentDeleted), onError: failed });
  }

  return (
    <div className="lesson-comments__body">
      <h2 id={headingId} className="lesson-comments__title">
        Comments
      </h2>
      <form className="comment-form" onSubmit={submit} aria-labelledby={headingId}>
        <RichTextEditor value={content} onChange={setContent} label="Your comment" placeholder={TEXT.commentPlaceholder} />
        <button type="submit" className="button comment-form__submit" disabled={add.isPending}>
          Submit
        </button>
      </form>
      {comments.isPending && <Loading label="Loading comments…" />}
      {comments.isError && <p className="lesson-comments__error">The comments could not be loaded.</p>}
      {comments.data && comments.data.length > 0 && (
        <CommentList
          items={comments.data}
          noun="comment"
          label="Comments on this lesson"
          onDelete={onDelete}
          deleting={remove.isPending ? remove.variables : null}
        />
      )}
    </div>
  );
}

// Adding to and deleting from a comment thread (lesson comments, bug solutions): the draft, the calls, and the
// alerts of SPEC §8 (the given success texts; a failure shows the server's error in danger).
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Comment } from '../../shared/contract';
import { showAlert } from './alert-banner';

interface CommentActionsOptions {
  /** Posts the draft (rich HTML). */
  add: UseMutationResult<Comment, Error, string>;
  /** Deletes by id. */
  remove: UseMutationResult<Comment, Error, string>;
  addedText: string;
  deletedText: string;
}

const failed = (err: Error) => showAlert(err.message, 'danger');

export function useCommentActions({ add, remove, addedText, deletedText }: CommentActionsOptions) {
  const [content, setContent] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    // SPEC §5: no client-side checks; the server answers an empty text with an error shown as an alert.
    add.mutate(content, {
      onSuccess: () => {
        setContent('');
        showAlert(addedText);
      },
      onError: failed,
    });
  }

  function onDelete(item: Comment) {
    remove.mutate(item._id, { onSuccess: () => showAlert(deletedText), onError: failed });
  }

  /** The id whose deletion is in flight, for the list to disable its button. */
  const deleting = remove.isPending ? remove.variables : null;

  return { content, setContent, submit, onDelete, deleting };
}

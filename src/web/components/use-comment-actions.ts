// Adding to and deleting from a comment thread (lesson comments, bug solutions): the draft, the calls, the specified
// alerts (the given success texts; a failure shows the server's error in danger), and where focus goes after each:
// the new item once it is listed, or the thread's heading after a delete (the item and its button are gone).
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Comment } from '../../shared/contract';
import { focusElement, whenPresent } from '../lib/focus';
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

/** Where focus goes once the thread shows the outcome: a new item's id, or null for the thread's heading. */
interface FocusRequest {
  itemId: string | null;
}

/** `T`: the element that holds the thread (its heading, form and list), given `threadRef`. */
export function useCommentActions<T extends HTMLElement = HTMLElement>({
  add,
  remove,
  addedText,
  deletedText,
}: CommentActionsOptions) {
  const [content, setContent] = useState('');
  const threadRef = useRef<T>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);

  useEffect(() => {
    const thread = threadRef.current;
    if (!focusRequest || !thread) return;
    const { itemId } = focusRequest;
    return whenPresent(
      thread,
      () =>
        itemId === null
          ? thread.querySelector<HTMLElement>('h2')
          : thread.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(itemId)}"]`),
      focusElement,
    );
  }, [focusRequest]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The button stays enabled (a disabled button would drop focus to <body>): a second press waits for the first.
    if (add.isPending) return;
    // No client-side checks, as specified: the server answers an empty text with an error shown as an alert.
    add.mutate(content, {
      onSuccess: (created) => {
        setContent('');
        showAlert(addedText);
        setFocusRequest({ itemId: created._id });
      },
      onError: failed,
    });
  }

  function onDelete(item: Comment) {
    remove.mutate(item._id, {
      onSuccess: () => {
        showAlert(deletedText);
        setFocusRequest({ itemId: null });
      },
      onError: failed,
    });
  }

  /** The id whose deletion is in flight, for the list to disable its button. */
  const deleting = remove.isPending ? remove.variables : null;

  return { content, setContent, submit, onDelete, deleting, threadRef, adding: add.isPending };
}

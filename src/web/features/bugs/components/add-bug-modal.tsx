// The '+' dialog of /bugs: a title, a rich-text description with a small toolbar, Add and Close.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { LIMITS, TEXT } from '../../../../shared/constants';
import { showAlert } from '../../../components/alert-banner';
import { CloseIcon } from '../../../components/icons';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useAddBug } from '../api/add-bug';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

export function AddBugModal({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const add = useAddBug();
  const titleId = useId();
  const inputId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // aria-modal: Tab wraps inside the dialog.
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // SPEC §5: the title is marked required but not enforced here; the server answers a blank one with an error.
    add.mutate(
      { title, description },
      {
        onSuccess: () => {
          showAlert(TEXT.bugAdded);
          onClose();
        },
        onError: (err) => showAlert(err.message, 'danger'),
      },
    );
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal bug-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            Add a bug
          </h2>
          <button type="button" className="icon-button" aria-label="Close dialog" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <form className="bug-form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="bug-form__label">
            Bug title
          </label>
          <input
            id={inputId}
            className="input"
            name="title"
            required
            maxLength={LIMITS.titleMax}
            autoComplete="off"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <span className="bug-form__label" aria-hidden="true">
            Description
          </span>
          <RichTextEditor value={description} onChange={setDescription} label="Bug description" toolbar />
          <div className="bug-form__actions">
            <button type="submit" className="button" disabled={add.isPending}>
              Add
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

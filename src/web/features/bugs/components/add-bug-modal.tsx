// The '+' dialog of /bugs: a title, a rich-text description with a small toolbar, Add and Close.
import { type FormEvent, useId, useState } from 'react';
import { LIMITS, TEXT } from '../../../../shared/constants';
import { showAlert } from '../../../components/alert-banner';
import { Modal } from '../../../components/modal';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useAddBug } from '../api/add-bug';

export function AddBugModal({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const add = useAddBug();
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    // The button stays enabled while sending (a disabled one drops focus); a second press waits for the first.
    if (add.isPending) return;
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
    // No close on a backdrop click: a stray click would throw away the typed bug.
    <Modal title="Add a bug" closeLabel="Close dialog" onClose={onClose} className="bug-modal">
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
          <button type="submit" className="button" aria-disabled={add.isPending}>
            Add
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}

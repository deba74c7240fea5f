// The '+' dialog of /bugs (and 'Ask about this moment' on a lesson): a title, a rich-text description with a small
// toolbar, tags, the lesson moment when there is one (removable), Add, Close and Discard. What is typed is a draft
// that survives closing (bug-draft.ts) until it is sent or discarded.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { LIMITS, TEXT } from '../../../../shared/constants';
import { showAlert } from '../../../components/alert-banner';
import { Modal } from '../../../components/modal';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { formatClock } from '../../../lib/time-format';
import { useAddBug } from '../api/add-bug';
import { type BugDraft, clearDraft, emptyDraft, loadDraft, saveDraft } from '../bug-draft';
import { TagInput } from './tag-input';

interface AddBugModalProps {
  onClose: () => void;
  /** Attach this lesson moment (replacing any in the draft). */
  lesson?: BugDraft['lesson'];
  onAdded?: (bugId: string) => void;
}

export function AddBugModal({ onClose, lesson, onAdded }: AddBugModalProps) {
  const [draft, setDraft] = useState<BugDraft>(() => {
    const stored = loadDraft();
    return lesson ? { ...stored, lesson } : stored;
  });
  // The editor is remounted with the draft's text after a discard.
  const [editorKey, setEditorKey] = useState(0);
  const add = useAddBug();
  const inputId = useId();
  useEffect(() => saveDraft(draft), [draft]);
  const update = (change: Partial<BugDraft>) => setDraft((d) => ({ ...d, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // The button stays enabled while sending (a disabled one drops focus); a second press waits for the first.
    if (add.isPending) return;
    // SPEC §5: the title is marked required but not enforced here; the server answers a blank one with an error.
    add.mutate(
      {
        title: draft.title,
        description: draft.description,
        tags: draft.tags,
        lesson: draft.lesson ? { id: draft.lesson.id, at: draft.lesson.at } : null,
      },
      {
        onSuccess: (created) => {
          clearDraft();
          showAlert(TEXT.bugAdded);
          onAdded?.(created._id);
          onClose();
        },
        onError: (err) => showAlert(err.message, 'danger'),
      },
    );
  }

  function discard() {
    if (!window.confirm('Discard this bug? What you typed will be lost.')) return;
    clearDraft();
    setDraft(emptyDraft());
    setEditorKey((k) => k + 1);
  }

  return (
    // No close on a backdrop click: a stray click would throw away the typed bug.
    <Modal title="Add a bug" closeLabel="Close dialog" onClose={onClose} className="bug-modal">
      <form className="bug-form" onSubmit={submit} noValidate>
        {draft.lesson && (
          <p className="bug-form__moment">
            Asked at {formatClock(draft.lesson.at)} in {draft.lesson.title}{' '}
            <button type="button" className="link-button" onClick={() => update({ lesson: null })}>
              Remove the lesson moment
            </button>
          </p>
        )}
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
          value={draft.title}
          onChange={(event) => update({ title: event.target.value })}
        />
        <span className="bug-form__label" aria-hidden="true">
          Description
        </span>
        <RichTextEditor
          key={editorKey}
          value={draft.description}
          onChange={(description) => update({ description })}
          label="Bug description"
          toolbar
        />
        <TagInput value={draft.tags} onChange={(tags) => update({ tags })} />
        <div className="bug-form__actions">
          <button type="submit" className="button" aria-disabled={add.isPending}>
            Add
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button button--ghost" onClick={discard}>
            Discard
          </button>
        </div>
      </form>
    </Modal>
  );
}

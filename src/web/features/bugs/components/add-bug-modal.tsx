// The '+' dialog of /bugs (and 'Ask about this moment' on a lesson): a title, a rich-text description with a small
// toolbar, tags, the lesson moment when there is one (removable), Add, Close and Discard. What is typed is a draft
// that survives closing (bug-draft.ts) until it is sent or discarded. The server's refusal shows inside the dialog,
// beside the field it names (the page's alert banner sits behind the dialog, out of sight).
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LIMITS, TEXT } from '../../../../shared/constants';
import { showAlert } from '../../../components/alert-banner';
import { Modal } from '../../../components/modal';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { formatClock } from '../../../lib/time-format';
import { useAddBug } from '../api/add-bug';
import { type BugDraft, clearDraft, emptyDraft, loadDraft, saveDraft } from '../bug-draft';
import { TagInput } from './tag-input';

type Problems = Partial<Record<'title' | 'description' | 'form', string>>;

/** Where the server's refusal belongs: its message names the field first ('title is required', 'description: …');
 *  anything else (the lesson, tags, too many requests, no connection) concerns the whole form. */
export function problemsOf(message: string): Problems {
  const field = /^(title|description)\b/i.exec(message)?.[1]?.toLowerCase();
  return field === 'title' || field === 'description' ? { [field]: message } : { form: message };
}

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
  const titleErrorId = useId();
  const descriptionErrorId = useId();
  const formErrorId = useId();
  const [problems, setProblems] = useState<Problems>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLDivElement>(null);
  useEffect(() => saveDraft(draft), [draft]);
  const update = (change: Partial<BugDraft>) => setDraft((d) => ({ ...d, ...change }));
  /** A field's problem goes once its value is changed. */
  const settle = (field: keyof Problems) =>
    setProblems((current) => {
      if (!current[field]) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The button stays enabled while sending (a disabled one drops focus); a second press waits for the first.
    if (add.isPending) return;
    setProblems({});
    // As specified, the title is marked required but not enforced here; the server answers a blank one with an error.
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
        onError: (err) => {
          const found = problemsOf(err.message);
          // Shown first, so the field is already marked invalid and described when focus lands on it.
          flushSync(() => setProblems(found));
          showProblem(found);
        },
      },
    );
  }

  /** Focus goes to the field the problem names (a problem of the whole form sits beside the Add button, which keeps
   *  it), and the problem is scrolled into view: on a small screen the dialog scrolls. */
  function showProblem(found: Problems) {
    const field = found.title
      ? titleRef.current
      : found.description
        ? descriptionRef.current?.querySelector<HTMLElement>('[contenteditable]')
        : null;
    field?.focus();
    const shown = found.title ? titleErrorId : found.description ? descriptionErrorId : formErrorId;
    document.getElementById(shown)?.scrollIntoView({ block: 'nearest' });
  }

  function discard() {
    if (!window.confirm('Discard this bug? What you typed will be lost.')) return;
    clearDraft();
    setDraft(emptyDraft());
    setProblems({});
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
          ref={titleRef}
          id={inputId}
          className="input"
          name="title"
          required
          maxLength={LIMITS.titleMax}
          autoComplete="off"
          value={draft.title}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={problems.title ? titleErrorId : undefined}
          onChange={(event) => {
            update({ title: event.target.value });
            settle('title');
          }}
        />
        <FieldProblem id={titleErrorId} text={problems.title} />
        <span className="bug-form__label" aria-hidden="true">
          Description
        </span>
        <div ref={descriptionRef}>
          <RichTextEditor
            key={editorKey}
            value={draft.description}
            onChange={(description) => {
              update({ description });
              settle('description');
            }}
            label="Bug description"
            toolbar
            invalid={Boolean(problems.description)}
            describedBy={problems.description ? descriptionErrorId : undefined}
          />
        </div>
        <FieldProblem id={descriptionErrorId} text={problems.description} />
        <TagInput value={draft.tags} onChange={(tags) => update({ tags })} />
        <FieldProblem id={formErrorId} text={problems.form} />
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

/**
 * A problem shown in the dialog, labelled 'Error' as the page's alert labels it. Screen readers announce it as it
 * appears (role="alert"); the field it concerns points at it with aria-describedby. Hidden while empty.
 */
function FieldProblem({ id, text }: { id: string; text?: string }) {
  return (
    <p id={id} className="bug-form__problem" role="alert">
      {text && (
        <>
          <strong>Error</strong>: {text}
        </>
      )}
    </p>
  );
}

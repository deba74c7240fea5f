// The frame of both practice forms: its heading (focused when the form opens), the fields, what stops the save (the
// schema's or the server's words, beside the Save button like the Studio's other forms), the conflict after a 409
// with Reload, Save and Close, and under them what the save found (the exercise's check), announced politely. An item
// of a published lesson or tutorial says whether learners see its changes yet, with Update and Discard changes; any
// saved item has 'Preview exercise' (or quiz: its page as it will be, from what is saved) and 'Share preview link'.
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { paths } from '../../../app/paths';
import { Link } from '../../../lib/router';
import { SharePreview } from '../components/share-preview';
import { type WorkingCopyCall, WorkingCopyChanges } from '../components/working-copy-changes';
import { practiceItemPath, type StudioPracticeItem } from './api/practice-keys';
import { Heading, type HeadingLevel } from './practice-fields';
import type { SaveState } from './use-practice-form';

interface PracticeFormFrameProps {
  title: string;
  headingLevel: HeadingLevel;
  /** 'exercise' or 'quiz', for the conflict's sentence. */
  noun: 'exercise' | 'quiz';
  state: SaveState;
  dirty: boolean;
  /** The item as last saved; null until it is created. */
  item: StudioPracticeItem | null;
  readOnly?: boolean;
  /** Update, Discard changes or Restore, on the item's working copy. */
  onAct: (what: WorkingCopyCall) => Promise<void>;
  problem: string;
  onSave: () => void;
  onReload: () => void;
  onClose: () => void;
  /** Shown after a save, in the live region (the exercise's check). */
  result?: ReactNode;
  children: ReactNode;
}

function statusText(state: SaveState, dirty: boolean, saved: boolean): string {
  if (state === 'saving') return 'Saving…';
  if (!saved) return 'Not saved yet';
  return dirty ? 'Unsaved changes' : 'Saved';
}

export function PracticeFormFrame({
  title,
  headingLevel,
  noun,
  state,
  dirty,
  item,
  readOnly = false,
  onAct,
  problem,
  onSave,
  onReload,
  onClose,
  result,
  children,
}: PracticeFormFrameProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave();
  }

  // Beside Update for an item learners see; on their own for one of a draft lesson or tutorial.
  const preview = item && (
    <>
      <Link
        className="studio-editor__view"
        to={item.kind === 'exercise' ? paths.previewExercise(item._id) : paths.previewQuiz(item._id)}
      >
        Preview {noun}
      </Link>
      {!readOnly && <SharePreview path={practiceItemPath(item.kind, item._id)} />}
    </>
  );

  return (
    <section className="practice-form" aria-labelledby={headingId}>
      <Heading level={headingLevel} id={headingId} ref={heading} focusable className="practice-form__title">
        {title}
      </Heading>
      <form className="studio-form" onSubmit={submit} noValidate>
        {children}
        <p className="studio-field__error" role="status" aria-live="polite">
          {problem}
        </p>
        {state === 'conflict' && (
          <div className="studio-notice" role="alert">
            <p>
              Someone else changed this {noun} while you were editing, so your changes were not saved. Reload to get the
              current version (your changes here are replaced).
            </p>
            <button type="button" className="button" onClick={onReload}>
              Reload
            </button>
          </div>
        )}
        <div className="practice-form__actions">
          <button type="submit" className="button" disabled={state !== 'idle'}>
            {state === 'saving' ? 'Saving…' : `Save ${noun}`}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
          <p className="practice-form__status">{statusText(state, dirty, item !== null)}</p>
        </div>
        {item &&
          (item.published ? (
            <WorkingCopyChanges
              noun={noun}
              published={item.published}
              hasChanges={item.hasChanges}
              unsaved={dirty}
              readOnly={readOnly}
              act={onAct}
              historyPath={practiceItemPath(item.kind, item._id)}
            >
              {preview}
            </WorkingCopyChanges>
          ) : (
            <div className="studio-editor__actions">{preview}</div>
          ))}
        <div className="practice-form__result" role="status" aria-live="polite">
          {state === 'saving' ? null : result}
        </div>
      </form>
    </section>
  );
}

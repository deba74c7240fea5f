// What a published item's editor says about its working copy (decision 0051): 'Published · unsaved changes' while
// something typed is not stored, 'Changes not yet published' once it is, with Update and Discard changes (asked
// first). Lessons and practice items (exercises, quizzes) show it inside their lesson's or tutorial's editor.
import { type ReactNode, useState } from 'react';
import { showAlert } from '../../../components/alert-banner';
import { ConfirmDialog } from './confirm-dialog';
import './published-version.css';

interface WorkingCopyChangesProps {
  /** 'lesson', 'exercise' or 'quiz', for the buttons and the texts. */
  noun: string;
  /** The live version readers see, or null when readers see none (nothing is shown). */
  published: { title: string } | null;
  hasChanges: boolean;
  /** Something typed here is not stored yet. */
  unsaved: boolean;
  readOnly: boolean;
  /** Stores what is typed, then Update or Discard; rejects with the words to show. */
  act: (what: 'update' | 'discard') => Promise<void>;
  /** Beside the buttons (a preview link). */
  children?: ReactNode;
}

export function WorkingCopyChanges({
  noun,
  published,
  hasChanges,
  unsaved,
  readOnly,
  act,
  children,
}: WorkingCopyChangesProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!published) return null;
  const run = async (what: 'update' | 'discard', done: string) => {
    setBusy(true);
    try {
      await act(what);
      showAlert(done);
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="studio-versions">
      <p className="studio-versions__state" role="status">
        {unsaved
          ? 'Published · unsaved changes'
          : hasChanges
            ? 'Changes not yet published'
            : 'Published · readers see this version'}
      </p>
      <div className="studio-editor__actions">
        {!readOnly && (
          <>
            <button
              type="button"
              className="button"
              disabled={busy || !(hasChanges || unsaved)}
              onClick={() => void run('update', `Updated: readers now see your changes to this ${noun}.`)}
            >
              Update {noun}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy || !hasChanges}
              onClick={() => setAsking(true)}
            >
              Discard {noun} changes
            </button>
          </>
        )}
        {children}
      </div>
      {asking && (
        <ConfirmDialog
          title={`Discard the ${noun}'s changes?`}
          confirmLabel="Discard changes"
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void run('discard', `Discarded: the ${noun} is back to its published version.`);
          }}
        >
          <p>
            The {noun}&apos;s changes not yet published will be lost; readers keep seeing “{published.title}”.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

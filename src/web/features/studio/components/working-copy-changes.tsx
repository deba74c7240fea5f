// What a published item's editor says about its working copy (decision 0051): 'Published · unsaved changes' while
// something typed is not stored, 'Changes not yet published' once it is, with Update and Discard changes (asked
// first). Lessons and practice items (exercises, quizzes) show it inside their lesson's or tutorial's editor. A draft
// inside published content (a lesson added to a published course) says readers do not see it yet, with Publish; a
// published lesson can be taken off on its own (Unpublish), back to a draft.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { showAlert } from '../../../components/alert-banner';
import { revisionsKey } from '../api/revisions';
import { ConfirmDialog } from './confirm-dialog';
import './published-version.css';
import { RevisionHistory } from './revision-history';

/** A call on the working copy: Update, Discard, or Restore a published version into it. */
export type WorkingCopyCall = 'update' | 'discard' | { restore: string };

/** The call's address for an action on the item at `path`. */
export const actionPath = (path: string, what: WorkingCopyCall) =>
  typeof what === 'string' ? `${path}/${what}` : `${path}/revisions/${encodeURIComponent(what.restore)}/restore`;

interface WorkingCopyChangesProps {
  /** 'lesson', 'exercise' or 'quiz', for the buttons and the texts. */
  noun: string;
  /** The live version readers see, or null when readers see none (nothing is shown, unless `draft`). */
  published: { title: string } | null;
  /** A draft inside published content: Publish makes it public on its own. */
  draft?: boolean;
  hasChanges: boolean;
  /** Something typed here is not stored yet. */
  unsaved: boolean;
  readOnly: boolean;
  /** Stores what is typed, then Update, Discard or Restore; rejects with the words to show. */
  act: (what: WorkingCopyCall) => Promise<void>;
  /** Given for a published item that can be taken off on its own (a status change, readers stop seeing it at once):
   *  Unpublish is offered. Rejects with the words to show. */
  unpublish?: () => Promise<void>;
  /** The item's Studio address: its History of published versions is shown, each with Restore. */
  historyPath?: string;
  /** Beside the buttons (a preview link). */
  children?: ReactNode;
}

export function WorkingCopyChanges({
  noun,
  published,
  draft = false,
  hasChanges,
  unsaved,
  readOnly,
  act,
  unpublish,
  historyPath,
  children,
}: WorkingCopyChangesProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!published && !draft) return null;
  const run = async (what: WorkingCopyCall | 'unpublish', done: string) => {
    setBusy(true);
    try {
      await (what === 'unpublish' ? unpublish?.() : act(what));
      if (historyPath) void queryClient.invalidateQueries({ queryKey: revisionsKey(historyPath) });
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
        {draft
          ? `Draft · readers do not see this ${noun} yet`
          : unsaved
            ? 'Published · unsaved changes'
            : hasChanges
              ? 'Changes not yet published'
              : 'Published · readers see this version'}
      </p>
      <div className="studio-editor__actions">
        {!readOnly && draft && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run('update', `Published: readers can see this ${noun}.`)}
          >
            Publish {noun}
          </button>
        )}
        {!readOnly && !draft && (
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
            {unpublish && (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => void run('unpublish', `Unpublished: readers no longer see this ${noun}.`)}
              >
                Unpublish {noun}
              </button>
            )}
          </>
        )}
        {children}
      </div>
      {historyPath && !draft && (
        <RevisionHistory
          path={historyPath}
          readOnly={readOnly}
          busy={busy}
          onRestore={(revisionId, title) =>
            void run({ restore: revisionId }, `Restored “${title}”: press Update ${noun} to publish it.`)
          }
        />
      )}
      {asking && published && (
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

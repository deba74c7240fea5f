// The published versions of an item (every Publish and Update keeps one, the last 50), newest first, each with
// Restore into the working copy (decision 0051). Read when opened. Courses, tutorials, posts, lessons and practice
// items show it under their editor.
import { useState } from 'react';
import { useRevisions } from '../api/revisions';
import { formatWhen } from './format-when';

/** The published versions, newest first, each with Restore. Read when opened. */
export function RevisionHistory({
  path,
  readOnly,
  busy,
  onRestore,
}: {
  /** The item's Studio address (`/api/studio/{kind}/{id}`). */
  path: string;
  readOnly: boolean;
  busy: boolean;
  onRestore: (revisionId: string, title: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const revisions = useRevisions(path, open);
  return (
    <details className="studio-versions__history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History</summary>
      {revisions.isPending && open && <p className="studio-editor__meta">Loading the history…</p>}
      {revisions.isError && (
        <p className="studio-editor__meta">The history could not be loaded: {revisions.error.message}</p>
      )}
      {revisions.data && revisions.data.revisions.length === 0 && (
        <p className="studio-editor__meta">Nothing published yet: every Publish and Update is kept here.</p>
      )}
      {revisions.data && revisions.data.revisions.length > 0 && (
        <ol className="studio-versions__list">
          {revisions.data.revisions.map((revision) => (
            <li key={revision._id}>
              <span>
                “{revision.title}” · {revision.by.name} · <time dateTime={revision.at}>{formatWhen(revision.at)}</time>
              </span>
              {!readOnly && (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  aria-label={`Restore “${revision.title}” of ${formatWhen(revision.at)}`}
                  onClick={() => onRestore(revision._id, revision.title)}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

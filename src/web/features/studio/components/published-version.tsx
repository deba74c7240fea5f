// Under an editor's head: what readers see against what is being edited. A published item's edits wait in its working
// copy: 'Published · unsaved changes' while typing, 'Changes not yet published' once saved, with Update and Discard
// changes (asked first); for any item, Preview, 'Share preview link' and the History of published versions with
// Restore (into the working copy, for Update to publish). A course's Update also publishes the lessons added to it
// since it was published (drafts until then). Decision 0051.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../app/paths';
import { showAlert } from '../../../components/alert-banner';
import { Link } from '../../../lib/router';
import { useItemAction } from '../api/revisions';
import { itemPath, NOUN, type ItemOf, type StudioKind, studioKeys } from '../api/studio-kinds';
import { ConfirmDialog } from './confirm-dialog';
import { formatWhen } from './format-when';
import './published-version.css';
import { RevisionHistory } from './revision-history';
import { SharePreview } from './share-preview';

const previewHref = (kind: StudioKind, id: string) =>
  kind === 'blogs' ? paths.previewBlog(id) : kind === 'tutorials' ? paths.previewTutorial(id) : paths.previewCourse(id);

interface PublishedVersionProps<K extends StudioKind> {
  kind: K;
  item: ItemOf<K>;
  /** Something typed here is not stored yet. */
  unsaved: boolean;
  /** Saves what is typed now; false when it could not. */
  autosave: { flush(): Promise<boolean> };
  readOnly: boolean;
}

export function PublishedVersion<K extends StudioKind>({
  kind,
  item,
  unsaved,
  autosave,
  readOnly,
}: PublishedVersionProps<K>) {
  const queryClient = useQueryClient();
  const act = useItemAction(kind, item._id);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const noun = NOUN[kind];
  const live = item.published;
  // A course's lessons added since it was published: its Update publishes them too.
  const newLessons = 'lessons' in item ? item.lessons.filter((lesson) => lesson.status === 'draft').length : 0;
  const toPublish = item.hasChanges || unsaved || newLessons > 0;

  /** The version the editor holds once everything typed is saved (refused by the server if someone saved since). */
  const currentVersion = async () => {
    if (!(await autosave.flush())) return null;
    return queryClient.getQueryData<ItemOf<K>>(studioKeys.item(kind, item._id))?.version ?? item.version;
  };
  const run = async (action: Parameters<typeof act.mutate>[0]['action'], done: string) => {
    const version = await currentVersion();
    if (version === null) {
      showAlert('Your latest changes are not saved yet: see the save status above.', 'danger');
      return;
    }
    act.mutate(
      { action, version },
      { onSuccess: () => showAlert(done), onError: (err) => showAlert(err.message, 'danger') },
    );
  };

  return (
    <section className="studio-versions" aria-label="Published version">
      {live && (
        <div className="studio-versions__live">
          <p className="studio-versions__state" role="status">
            {unsaved
              ? 'Published · unsaved changes'
              : item.hasChanges
                ? 'Changes not yet published'
                : newLessons > 0
                  ? `${newLessons === 1 ? '1 new lesson' : `${newLessons} new lessons`} not yet published`
                  : 'Published · readers see this version'}
          </p>
          {(item.hasChanges || unsaved) && (
            <p className="studio-editor__meta">
              Readers still see “{live.title}”, as updated{' '}
              <time dateTime={live.updatedAt}>{formatWhen(live.updatedAt)}</time>. Press Update to publish your changes.
            </p>
          )}
          {!readOnly && (
            <div className="studio-editor__actions">
              <button
                type="button"
                className="button"
                disabled={act.isPending || !toPublish}
                onClick={() => void run({ what: 'update' }, `Updated: readers now see your changes to this ${noun}.`)}
              >
                Update
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={act.isPending || !item.hasChanges}
                onClick={() => setAskingDiscard(true)}
              >
                Discard changes
              </button>
            </div>
          )}
        </div>
      )}
      {askingDiscard && (
        <ConfirmDialog
          title="Discard your changes?"
          confirmLabel="Discard changes"
          busy={act.isPending}
          onCancel={() => setAskingDiscard(false)}
          onConfirm={() => {
            setAskingDiscard(false);
            void run({ what: 'discard' }, `Discarded: the ${noun} is back to its published version.`);
          }}
        >
          <p>The changes not yet published will be lost; readers keep seeing “{live?.title}”.</p>
        </ConfirmDialog>
      )}
      <div className="studio-editor__actions">
        <Link className="studio-editor__view" to={previewHref(kind, item._id)}>
          Preview
        </Link>
        {!readOnly && <SharePreview path={itemPath(kind, item._id)} />}
      </div>
      <RevisionHistory
        path={itemPath(kind, item._id)}
        readOnly={readOnly}
        onRestore={(revisionId, title) =>
          void run(
            { what: 'restore', revisionId },
            `Restored “${title}”: ${live ? 'press Update to publish it' : 'it is the draft now'}.`,
          )
        }
        busy={act.isPending}
      />
    </section>
  );
}

// A kind's items as a table: title, status, last edit, author (the site's name for content without one), and Edit,
// Publish/Unpublish and Delete (asked first) on the items the reader may change; View on the others.
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { useMe } from '../../../lib/use-me';
import { useSite } from '../../../lib/use-site';
import { useDeleteItem } from '../api/delete-item';
import { useUpdateItem } from '../api/update-item';
import { NOUN, type ItemOf, type StudioKind } from '../api/studio-kinds';
import { ConfirmDialog } from './confirm-dialog';
import { editorPath } from './create-item-dialog';
import { formatWhen } from './format-when';
import { canChange } from './item-editor';
import { RowButton } from './row-button';
import { StatusBadge } from './status-badge';

interface ContentTableProps<K extends StudioKind> {
  kind: K;
  items: ItemOf<K>[];
  /** The table's accessible name ('Courses'). */
  caption: string;
}

export function ContentTable<K extends StudioKind>({ kind, items, caption }: ContentTableProps<K>) {
  const me = useMe().data;
  const { siteName } = useSite();
  const update = useUpdateItem(kind);
  const remove = useDeleteItem(kind);
  const [deleting, setDeleting] = useState<ItemOf<K> | null>(null);
  // Outcomes stay on screen (the site's alert lasts a second): a refusal names its reason, e.g. whose item it is.
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'danger' } | null>(null);
  const noun = NOUN[kind];
  const busyId = update.isPending ? update.variables.id : null;

  function setStatus(item: ItemOf<K>) {
    const next = item.status === 'published' ? 'draft' : 'published';
    update.mutate(
      { id: item._id, patch: { status: next, version: item.version } },
      {
        onSuccess: () =>
          setMessage({
            text: next === 'published' ? `Published “${item.title}”.` : `Unpublished “${item.title}”.`,
            kind: 'success',
          }),
        onError: (err) =>
          setMessage({
            text: isApiError(err, 409)
              ? `“${item.title}” was not changed: someone else changed it in the meantime. Reload the page and try again.`
              : `“${item.title}” was not changed: ${err.message}`,
            kind: 'danger',
          }),
      },
    );
  }

  const status = (
    <p
      className={message ? `studio-message studio-message--${message.kind}` : 'studio-message'}
      role="status"
      aria-live="polite"
    >
      {message?.text}
    </p>
  );

  if (items.length === 0)
    return (
      <>
        {status}
        <p className="empty-state">No {noun}s yet.</p>
      </>
    );

  return (
    <>
      {status}
      <div className="studio-table-wrap">
        <table className="studio-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Last edit</th>
              <th scope="col">Author</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const mine = me !== undefined && canChange(me, item.author);
              return (
                <tr key={item._id}>
                  <th scope="row" className="studio-table__title">
                    {item.title}
                  </th>
                  <td>
                    <StatusBadge status={item.status} />
                  </td>
                  <td>
                    <time dateTime={item.updatedAt}>{formatWhen(item.updatedAt)}</time>
                  </td>
                  <td>{item.author?.name ?? siteName}</td>
                  <td>
                    <div className="studio-table__actions">
                      <Link className="button button--ghost button--small" to={editorPath(kind, item._id)}>
                        {mine ? 'Edit' : 'View'}
                        <span className="visually-hidden"> {item.title}</span>
                      </Link>
                      {mine && (
                        <>
                          <RowButton
                            action={item.status === 'published' ? 'Unpublish' : 'Publish'}
                            name={item.title}
                            disabled={busyId === item._id}
                            onClick={() => setStatus(item)}
                          />
                          <RowButton action="Delete" name={item.title} onClick={() => setDeleting(item)} />
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {deleting && (
        <ConfirmDialog
          title={`Delete this ${noun}?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting._id, {
              onSuccess: () => {
                setMessage({ text: `Deleted “${deleting.title}”.`, kind: 'success' });
                setDeleting(null);
              },
              onError: (err) => {
                setDeleting(null);
                setMessage({ text: `“${deleting.title}” was not deleted: ${err.message}`, kind: 'danger' });
              },
            })
          }
        >
          <p>
            “{deleting.title}” will be deleted{kind === 'courses' ? ' with all its lessons' : ''}. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

// What the three editors (course, tutorial, post) share: loading the item with the Studio's refusals, its
// autosave with publish and reload, and the frame around the fields: the head (h1, status, Publish/Unpublish, save
// status), the unsaved changes after a conflict, why the fields are disabled, and Delete.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { Me } from '../../../../shared/studio';
import type { Status } from '../../../../shared/studio-rules';
import { paths } from '../../../app/paths';
import { showAlert } from '../../../components/alert-banner';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { isApiError } from '../../../lib/api';
import { Link, useNavigate } from '../../../lib/router';
import { useDeleteItem } from '../api/delete-item';
import { itemQueryOptions, useItem } from '../api/get-item';
import { storeItem, updateItem } from '../api/update-item';
import { NOUN, type ItemOf, type PatchBodyOf, type StudioKind } from '../api/studio-kinds';
import type { Fields } from './autosave';
import { ConfirmDialog } from './confirm-dialog';
import { LoadError } from '../../../components/query-view';
import { RecoveredChanges } from './recovered-changes';
import { deniedReason, NotAllowed } from './not-allowed';
import { SaveStatus } from './save-status';
import { StatusBadge } from './status-badge';
import { OwnerControl } from './owner-control';
import { StudioFrame, StudioGate } from './studio-gate';
import { useAutosave } from './use-autosave';
import { LeaveGuard } from './leave-guard';
import { PublishedVersion } from './published-version';

/**
 * Decision 0008's author-owns rule, as a hint for the screen (the server enforces it and says why it refuses): admins
 * change everything, an author only their own items; an item without an author is the admins'.
 */
export const canChange = (me: Me, author: { _id: string } | null) =>
  me.role === 'admin' || (author !== null && author._id === me._id);

/** Above an item this person may read but not change: why the fields are disabled. */
function ReadOnlyNotice({ kind, author }: { kind: StudioKind; author: { name: string } | null }) {
  return (
    <p className="studio-notice">
      You can read this {NOUN[kind]}, but only {author ? `its author (${author.name})` : 'an admin'}
      {author ? ' or an admin' : ''} can change it.
    </p>
  );
}

/** The gate, then the item: loading, the refusal page on 401/403, the 404 view, or the editor. */
export function ItemEditorScreen<K extends StudioKind>({
  kind,
  id,
  children,
}: {
  kind: K;
  id: string;
  children: (item: ItemOf<K>, me: Me) => ReactNode;
}) {
  return <StudioGate>{(me) => <ItemLoader kind={kind} id={id} me={me} render={children} />}</StudioGate>;
}

function ItemLoader<K extends StudioKind>({
  kind,
  id,
  me,
  render,
}: {
  kind: K;
  id: string;
  me: Me;
  render: (item: ItemOf<K>, me: Me) => ReactNode;
}) {
  const query = useItem(kind, id);
  if (query.isPending) return <Loading label={`Loading the ${NOUN[kind]}…`} />;
  if (query.isError) {
    const reason = deniedReason(query.error);
    if (reason) return <NotAllowed reason={reason} />;
    if (isApiError(query.error, 404)) return <NotFound />;
    return (
      <StudioFrame me={me}>
        <h1 className="page-title">Edit {NOUN[kind]}</h1>
        <LoadError what={`The ${NOUN[kind]}`} error={query.error} onRetry={() => void query.refetch()} />
      </StudioFrame>
    );
  }
  return (
    <StudioFrame me={me}>
      {render(query.data, me)}
      <LeaveGuard />
    </StudioFrame>
  );
}

type WithStatus = Fields & { status: Status };

/** The autosave of one item, with Publish/Unpublish (a PATCH of the status through the same queue) and Reload. */
export function useItemEditor<K extends StudioKind, F extends WithStatus>(
  kind: K,
  item: ItemOf<K>,
  pick: (item: ItemOf<K>) => F,
) {
  const queryClient = useQueryClient();
  const id = item._id;
  const server = useMemo(() => ({ version: item.version, fields: pick(item) }), [item, pick]);
  const save = useCallback(
    async (patch: Partial<F> & { version: number }) => {
      const saved = await updateItem(kind, id, patch as unknown as PatchBodyOf<K>);
      storeItem(queryClient, kind, saved);
      return { version: saved.version, fields: pick(saved) };
    },
    [kind, id, pick, queryClient],
  );
  const editor = useAutosave(server, save);
  const { autosave } = editor;
  const [reloading, setReloading] = useState(false);

  const reload = useCallback(async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...itemQueryOptions(kind, id), staleTime: 0 });
      autosave.reload({ version: fresh.version, fields: pick(fresh) });
    } catch (err) {
      showAlert(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setReloading(false);
    }
  }, [autosave, queryClient, kind, id, pick]);

  const publish = useCallback(
    async (next: Status) => {
      autosave.set('status', next);
      if (await autosave.flush()) {
        showAlert(
          next === 'published' ? `Published: readers can see this ${NOUN[kind]}.` : 'Unpublished: it is a draft again.',
        );
      } else if (autosave.getSnapshot().state === 'failed') {
        // Refused (the status line says why): the status must not go out again with the next keystroke.
        autosave.revert('status');
      }
    },
    [autosave, kind],
  );

  return { ...editor, reload, reloading, publish };
}

interface EditorFrameProps<K extends StudioKind, F extends WithStatus & { title: string }> {
  kind: K;
  item: ItemOf<K>;
  editor: ReturnType<typeof useItemEditor<K, F>>;
  /** Someone else's item (an author's view): no Publish, the fields disabled, and a notice saying why. */
  readOnly: boolean;
  /** The reader's page, shown once published. */
  viewHref: string;
  /** The names the unsaved changes are shown under, and which of them hold HTML. */
  labels: Partial<Record<keyof F & string, string>>;
  htmlFields: (keyof F & string)[];
  /** Under the head's buttons (the post's date). */
  meta?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** An editor's page around its fields: the head, the unsaved changes after a conflict, the read-only notice, Delete. */
export function EditorFrame<K extends StudioKind, F extends WithStatus & { title: string }>({
  kind,
  item,
  editor,
  readOnly,
  viewHref,
  labels,
  htmlFields,
  meta,
  children,
}: EditorFrameProps<K, F>) {
  const { saved, autosave } = editor;
  return (
    <article className="studio-editor">
      <EditorHead
        kind={kind}
        status={saved.status}
        state={editor.state}
        error={editor.error}
        reloading={editor.reloading}
        onPublish={(next) => void editor.publish(next)}
        onReload={() => void editor.reload()}
        readOnly={readOnly}
        viewHref={viewHref}
      >
        {meta}
      </EditorHead>
      <PublishedVersion kind={kind} item={item} unsaved={editor.unsaved} autosave={autosave} readOnly={readOnly} />
      {editor.recovered && (
        <RecoveredChanges
          recovered={editor.recovered}
          labels={labels}
          htmlFields={htmlFields}
          onRestore={(field) => autosave.restore(field)}
          onDismiss={() => autosave.dismissRecovered()}
        />
      )}
      <OwnerControl kind={kind} id={item._id} author={item.author} />
      {readOnly && <ReadOnlyNotice kind={kind} author={item.author} />}
      <fieldset className="studio-fieldset" disabled={readOnly}>
        {children}
        {/* Controls the reader may not use are not offered (the server refuses them anyway). */}
        {!readOnly && <DeleteItem kind={kind} id={item._id} title={saved.title} />}
      </fieldset>
    </article>
  );
}

interface EditorHeadProps {
  kind: StudioKind;
  status: Status;
  state: ReturnType<typeof useItemEditor>['state'];
  error: string | null;
  reloading: boolean;
  onPublish: (next: Status) => void;
  onReload: () => void;
  /** The reader's page, shown once published. */
  viewHref: string;
  /** Someone else's item (an author's view): no Publish. */
  readOnly?: boolean;
  children?: ReactNode;
}

function EditorHead({
  kind,
  status,
  state,
  error,
  reloading,
  onPublish,
  onReload,
  viewHref,
  readOnly = false,
  children,
}: EditorHeadProps) {
  const published = status === 'published';
  return (
    <header className="studio-editor__head">
      <div className="studio-editor__title-row">
        <h1 className="page-title">Edit {NOUN[kind]}</h1>
        <StatusBadge status={status} />
      </div>
      <div className="studio-editor__actions">
        {!readOnly && (
          <button
            type="button"
            className={published ? 'button button--ghost' : 'button'}
            disabled={state === 'saving' || state === 'conflict'}
            onClick={() => onPublish(published ? 'draft' : 'published')}
          >
            {published ? 'Unpublish' : 'Publish'}
          </button>
        )}
        {published && (
          <Link className="studio-editor__view" to={viewHref}>
            View on the site
          </Link>
        )}
        <Link className="studio-editor__view" to={paths.studio(kind)}>
          Back to the list
        </Link>
      </div>
      {children}
      <SaveStatus state={state} error={error} noun={NOUN[kind]} onReload={onReload} reloading={reloading} />
    </header>
  );
}

/** 'Delete course' at the foot of an editor: asks, deletes, and goes back to the list. */
function DeleteItem({ kind, id, title }: { kind: StudioKind; id: string; title: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteItem(kind);
  const navigate = useNavigate();
  const noun = NOUN[kind];
  return (
    <section className="studio-danger" aria-label={`Delete this ${noun}`}>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        Delete {noun}
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete this ${noun}?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(id, {
              onSuccess: () => {
                showAlert(`Deleted “${title}”.`);
                navigate(paths.studio(kind));
              },
              onError: (err) => {
                setAsking(false);
                showAlert(err.message, 'danger');
              },
            })
          }
        >
          <p>
            “{title}” will be deleted{kind === 'courses' ? ' with all its lessons' : ''}. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

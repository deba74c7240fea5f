// '/studio/audit' (admins): every Studio write and moderation delete, newest first — who, what, which item, when,
// and the title before and after — with 'Load more' for older entries.
import type { AuditAction, AuditEntity, AuditEntry, Me } from '../../../shared/studio';
import { Loading } from '../../components/loading';
import { useAudit } from './api/get-audit';
import { formatWhen } from './components/format-when';
import { LoadError } from '../../components/query-view';
import { deniedReason, NotAllowed } from './components/not-allowed';
import { StudioFrame, StudioGate } from './components/studio-gate';

export default function AuditPage() {
  return <StudioGate admin>{(me) => <AuditScreen me={me} />}</StudioGate>;
}

const ACTIONS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Edited',
  publish: 'Published',
  unpublish: 'Unpublished',
  delete: 'Deleted',
  reorder: 'Reordered the lessons of',
  role: 'Changed the role of',
  upload: 'Uploaded',
};

const ENTITIES: Record<AuditEntity, string> = {
  course: 'course',
  lesson: 'lesson',
  tutorial: 'tutorial',
  blog: 'blog post',
  comment: 'comment',
  bug: 'bug',
  solution: 'solution',
  user: 'user',
  media: 'file',
};

function Titles({ entry }: { entry: AuditEntry }) {
  const { beforeTitle: before, afterTitle: after } = entry;
  if (before !== null && after !== null && before !== after)
    return (
      <>
        {before} <span aria-hidden="true">→</span>
        <span className="visually-hidden"> became </span> {after}
      </>
    );
  return <>{after ?? before ?? '—'}</>;
}

function AuditScreen({ me }: { me: Me }) {
  const audit = useAudit();
  const reason = audit.isError ? deniedReason(audit.error) : null;
  if (reason) return <NotAllowed reason={reason} />;
  const entries = audit.data?.pages.flat() ?? [];

  return (
    <StudioFrame me={me}>
      <h1 className="page-title">Audit log</h1>
      {audit.isPending && <Loading label="Loading the audit log…" />}
      {audit.isError && !audit.data && (
        <LoadError what="The audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      )}
      {audit.data &&
        (entries.length === 0 ? (
          <p className="empty-state">Nothing has been recorded yet.</p>
        ) : (
          // On a phone the table scrolls sideways and holds nothing focusable: the region itself takes focus, so
          // the keyboard can scroll it (WCAG 2.1.1).
          <div className="studio-table-wrap" role="region" aria-label="Audit log table" tabIndex={0}>
            <table className="studio-table">
              <caption className="visually-hidden">Audit log, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Item</th>
                  <th scope="col">Title (before → after)</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry._id}>
                    <td>
                      <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                    </td>
                    <td>{entry.actor?.name ?? 'unknown'}</td>
                    <td>{ACTIONS[entry.action]}</td>
                    <td>
                      {ENTITIES[entry.entity]} <code className="studio-table__id">{entry.entityId}</code>
                    </td>
                    <td>
                      <Titles entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <div className="studio-more" role="status" aria-live="polite">
        {audit.isFetchNextPageError && <p>Older entries could not be loaded: {audit.error?.message}</p>}
        {audit.data && !audit.hasNextPage && entries.length > 0 && <p>No older entries.</p>}
      </div>
      {audit.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </StudioFrame>
  );
}

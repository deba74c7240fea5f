// '/studio/audit' (admins): every Studio write and moderation delete, newest first — who, what, which item, when,
// and the title before and after — with 'Load more' for older entries. Each entry links to its item (the Studio's
// editor, or the public page of a bug or comment) while it exists, and to everything its person did; the filters
// (person, kind of item, days from and to) live in the address, so a filtered log can be shared or kept.
import { type FormEvent, useId } from 'react';
import { AUDIT_ENTITIES, type AuditAction, type AuditEntity, type AuditEntry, type Me } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { LoadMore } from '../../components/load-more';
import { Loading } from '../../components/loading';
import { Link, useSearchParams } from '../../lib/router';
import { type AuditFilters, auditSearch, readAuditFilters, useAudit } from './api/get-audit';
import { formatWhen } from './components/format-when';
import { LoadError } from '../../components/query-view';
import { deniedReason, NotAllowed } from './components/not-allowed';
import { StudioFrame, StudioGate } from './components/studio-gate';
import './audit.css';

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
  'reorder-practice': 'Reordered the practice items of',
  role: 'Changed the role of',
  upload: 'Uploaded',
  revoke: 'Revoked',
  owner: 'Changed the owner of',
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
  exercise: 'exercise',
  quiz: 'quiz',
  certificate: 'certificate',
  site: 'site settings',
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

/** Where an entry's item is, while it exists: the Studio's editor (a lesson's is its course's), the public page of
 *  a bug, solution or comment, the file itself; null once it is gone. */
function itemHref(entry: AuditEntry): string | null {
  const { item, entityId } = entry;
  if (!item) return null;
  switch (entry.entity) {
    case 'course':
    case 'lesson':
      return item.courseId ? paths.studioCourse(item.courseId) : null;
    case 'tutorial':
      return paths.studioTutorial(entityId);
    case 'blog':
      return paths.studioBlog(entityId);
    case 'bug':
    case 'solution':
      return item.bugId ? paths.bug(item.bugId) : null;
    case 'comment':
      return item.courseId && item.lessonId ? paths.lesson(item.courseId, item.lessonId) : null;
    case 'user':
      return paths.studioUsers();
    case 'media':
      return entityId.startsWith('/media/') ? entityId : null;
    case 'site':
      return paths.studioSettings();
    case 'exercise':
    case 'quiz':
      if (item.courseId) return paths.studioCourse(item.courseId);
      return item.tutorialId ? paths.studioTutorial(item.tutorialId) : null;
    case 'certificate':
      return paths.certificate(entityId);
  }
}

const auditHref = (filters: AuditFilters) => `${paths.studioAudit()}${auditSearch(filters)}`;

function Item({ entry }: { entry: AuditEntry }) {
  const href = itemHref(entry);
  const what = (
    <>
      {ENTITIES[entry.entity]} <code className="studio-table__id">{entry.entityId}</code>
    </>
  );
  if (!href) return <>{what} (gone)</>;
  // A file is no page of the app: a plain link that the browser opens.
  if (entry.entity === 'media') return <a href={href}>{what}</a>;
  return <Link to={href}>{what}</Link>;
}

function Person({ entry, filters }: { entry: AuditEntry; filters: AuditFilters }) {
  if (!entry.actor) return <>{entry.actorName} (account deleted)</>;
  if (filters.actor === entry.actor._id) return <>{entry.actor.name}</>;
  return (
    <Link to={auditHref({ ...filters, actor: entry.actor._id })} aria-label={`${entry.actor.name}: only their entries`}>
      {entry.actor.name}
    </Link>
  );
}

/** The filters: kind of item and days (the person is chosen from an entry's name); a GET form, so it works as a
 *  link would. */
function AuditFilterForm({ filters, personName }: { filters: AuditFilters; personName: string | null }) {
  const [, setParams] = useSearchParams();
  const kindId = useId();
  const fromId = useId();
  const toId = useId();
  const active = Object.keys(filters).length > 0;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const next = readAuditFilters(
      new URLSearchParams({
        ...(filters.actor ? { actor: filters.actor } : {}),
        entity: field('entity'),
        from: field('from'),
        to: field('to'),
      }),
    );
    setParams(() => new URLSearchParams(auditSearch(next)));
  }

  return (
    <form className="audit-filters" role="search" aria-label="Filter the audit log" onSubmit={apply}>
      {filters.actor && (
        <p className="audit-filters__person">
          Person: <strong>{personName ?? 'one person'}</strong>{' '}
          <Link to={auditHref({ ...filters, actor: undefined })}>Everyone</Link>
        </p>
      )}
      <div className="audit-filters__row">
        <div className="studio-field">
          <label htmlFor={kindId}>Kind of item</label>
          <select id={kindId} name="entity" className="studio-select" defaultValue={filters.entity ?? ''}>
            <option value="">Any kind</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {ENTITIES[entity]}
              </option>
            ))}
          </select>
        </div>
        <div className="studio-field">
          <label htmlFor={fromId}>From</label>
          <input id={fromId} name="from" type="date" className="input" defaultValue={filters.from ?? ''} />
        </div>
        <div className="studio-field">
          <label htmlFor={toId}>To</label>
          <input id={toId} name="to" type="date" className="input" defaultValue={filters.to ?? ''} />
        </div>
        <div className="audit-filters__actions">
          <button type="submit" className="button">
            Filter
          </button>
          {active && (
            <Link className="button button--ghost" to={paths.studioAudit()}>
              Clear filters
            </Link>
          )}
        </div>
      </div>
    </form>
  );
}

function AuditScreen({ me }: { me: Me }) {
  const [params] = useSearchParams();
  const search = params.toString();
  const filters = readAuditFilters(new URLSearchParams(search));
  const audit = useAudit(filters);
  const reason = audit.isError ? deniedReason(audit.error) : null;
  if (reason) return <NotAllowed reason={reason} />;
  const entries = audit.data?.pages.flat() ?? [];
  const filtered = Object.keys(filters).length > 0;
  const personName = entries.find((entry) => entry.actor?._id === filters.actor)?.actor?.name ?? null;

  return (
    <StudioFrame me={me}>
      <h1 className="page-title">Audit log</h1>
      {/* Keyed by the address: going to another filter (a person's link, 'Clear filters') shows its values. */}
      <AuditFilterForm key={search} filters={filters} personName={personName} />
      {audit.isPending && <Loading label="Loading the audit log…" />}
      {audit.isError && !audit.data && (
        <LoadError what="The audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      )}
      {audit.data &&
        (entries.length === 0 ? (
          <p className="empty-state">
            {filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
          </p>
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
                    <td>
                      <Person entry={entry} filters={filters} />
                    </td>
                    <td>{ACTIONS[entry.action]}</td>
                    <td>
                      <Item entry={entry} />
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
        {audit.data && !audit.hasNextPage && entries.length > 0 && <p>No older entries.</p>}
      </div>
      <LoadMore pages={audit} label="Load more" failed="Older entries could not be loaded" />
    </StudioFrame>
  );
}

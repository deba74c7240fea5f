// '/studio': courses, tutorials and blog posts (one at a time, chosen in the URL's ?tab=), each with its status,
// last edit and author, and a button to start a new one.
import { useId, useState } from 'react';
import type { Me } from '../../../shared/studio';
import { paths } from '../../app/paths';
import { Loading } from '../../components/loading';
import { Link, useSearchParams } from '../../lib/router';
import { useItems } from './api/get-items';
import { NOUN, STUDIO_KINDS, type StudioKind } from './api/studio-kinds';
import { ContentTable } from './components/content-table';
import { CreateItemDialog } from './components/create-item-dialog';
import { LoadError } from '../../components/query-view';
import { deniedReason, NotAllowed } from './components/not-allowed';
import { StudioFrame, StudioGate } from './components/studio-gate';

const TAB_NAMES: Record<StudioKind, string> = { courses: 'Courses', tutorials: 'Tutorials', blogs: 'Blog posts' };

const parseTab = (value: string | null): StudioKind => STUDIO_KINDS.find((kind) => kind === value) ?? 'courses';

export default function StudioPage() {
  return <StudioGate>{(me) => <ContentLists me={me} />}</StudioGate>;
}

function ContentLists({ me }: { me: Me }) {
  const [params] = useSearchParams();
  const kind = parseTab(params.get('tab'));
  const list = useItems(kind);
  const headingId = useId();
  const [creating, setCreating] = useState(false);

  const reason = list.isError ? deniedReason(list.error) : null;
  if (reason) return <NotAllowed reason={reason} />;

  return (
    <StudioFrame me={me}>
      <h1 className="page-title">Studio</h1>
      <nav className="studio-tabs" aria-label="Content types">
        {STUDIO_KINDS.map((tab) => (
          <Link
            key={tab}
            to={paths.studio(tab)}
            className="studio-tabs__link"
            aria-current={tab === kind ? 'page' : undefined}
          >
            {TAB_NAMES[tab]}
          </Link>
        ))}
      </nav>
      <section className="studio-section" aria-labelledby={headingId}>
        <div className="studio-section__head">
          <h2 id={headingId} className="studio-section__title">
            {TAB_NAMES[kind]}
          </h2>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            New {NOUN[kind]}
          </button>
        </div>
        {list.isPending && <Loading label={`Loading ${TAB_NAMES[kind].toLowerCase()}…`} />}
        {list.isError && <LoadError what={TAB_NAMES[kind]} error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && <ContentTable key={kind} kind={kind} items={list.data} caption={TAB_NAMES[kind]} />}
      </section>
      {creating && <CreateItemDialog kind={kind} onClose={() => setCreating(false)} />}
    </StudioFrame>
  );
}

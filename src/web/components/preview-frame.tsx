// A draft or a working copy as readers would see it (the pages at '/preview/...'): the reader's own page component,
// marked 'Preview', drawn from the preview read (its author or an admin signed in, or anyone with a preview
// link's token) instead of the public one. The server sends these pages `no-store` and `noindex`; the page says
// `noindex` too. A page that records what a reader does (a practice item's code and answers) asks `usePreviewing`
// and records nothing in a preview. docs/decisions/0051-working-copies-revisions-and-previews.md
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext, useState } from 'react';
import type { PreviewKind } from '../../shared/studio-revisions';
import { QueryView } from './query-view';
import { api } from '../lib/api';
import { useSearchParams } from '../lib/router';
import './preview-frame.css';

const Previewing = createContext(false);

/** Whether the page is drawn in a preview: a version readers do not see, so nothing done on it is kept. */
export const usePreviewing = () => useContext(Previewing);

interface PreviewProps {
  kind: PreviewKind;
  id: string;
  /** The reader's page's query key, which the preview answer stands in for. */
  queryKey: readonly unknown[];
  Page: ComponentType;
}

export function PreviewFrame({ kind, id, queryKey, Page }: PreviewProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const preview = useQuery({
    queryKey: ['preview', kind, id, token],
    queryFn: ({ signal }) =>
      api<unknown>(
        `/api/preview/${kind}/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
        { auth: !token, signal },
      ),
    // Always the version as it stands now; nothing kept.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <>
      <meta name="robots" content="noindex" />
      <QueryView query={preview} loadingLabel="Loading the preview…" what="The preview">
        {(data) => <Previewed key={preview.dataUpdatedAt} data={data} queryKey={queryKey} Page={Page} />}
      </QueryView>
    </>
  );
}

/** The reader's page, its read answered by the preview (a client of its own, so the site's cache never holds it);
 *  made again for each new answer (its key). */
function Previewed({ data, queryKey, Page }: { data: unknown; queryKey: readonly unknown[]; Page: ComponentType }) {
  const [client] = useState(() => {
    const own = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    own.setQueryData(queryKey, data);
    return own;
  });
  return (
    <div className="preview">
      <p className="preview__banner container" role="status">
        <strong>Preview</strong> · readers do not see this version until it is published.
      </p>
      <QueryClientProvider client={client}>
        <Previewing.Provider value={true}>
          <Page />
        </Previewing.Provider>
      </QueryClientProvider>
    </div>
  );
}

// The states of a data screen: loading, then the content; the 404 view when the server said the item is
// not there; 'Something went wrong' with Retry when it failed otherwise (a 5xx, the network), so the error state
// never claims a page is missing when the server was only down.
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { isApiError } from '../lib/api';
import { Loading } from './loading';

// Loaded when a page turns out to be missing (the server answered, so its chunk can come too), not with every page.
const NotFound = lazy(() => import('./not-found'));

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** Treat a 200 answer as missing (an empty detail array, say). */
  isEmpty?: (data: T) => boolean;
  loadingLabel?: string;
  /** What failed, as it starts a sentence ('The course'); default 'The page'. */
  what?: string;
  /** One section of a page that otherwise works (the home page's course list): a failure stays inside it. */
  section?: boolean;
}

export function QueryView<T>({ query, children, isEmpty, loadingLabel, what, section = false }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError && !isApiError(query.error, 404)) {
    return (
      <LoadError what={what ?? 'The page'} error={query.error} onRetry={() => void query.refetch()} page={!section} />
    );
  }
  if (query.isError || (isEmpty && isEmpty(query.data))) {
    return (
      <Suspense fallback={<Loading />}>
        <NotFound />
      </Suspense>
    );
  }
  return <>{children(query.data)}</>;
}

// A call that failed for a reason other than "not found": what failed, why, and a way to try again. Here rather than
// in a file of its own, which would be one more tiny chunk on the home page's first-load budget.
interface LoadErrorProps {
  /** What could not be loaded, as it starts a sentence: 'The course', 'Users'. */
  what: string;
  error: Error;
  onRetry: () => void;
  /** The whole page failed (its heading is the page's h1); otherwise one section of a page that still works. */
  page?: boolean;
}

export function LoadError({ what, error, onRetry, page = false }: LoadErrorProps) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <section className={page ? 'load-error load-error--page container' : 'load-error'} role="alert">
      <Heading className="load-error__title">Something went wrong</Heading>
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

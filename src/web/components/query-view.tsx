// The states of a data screen (SPEC §4): loading, then the content; the 404 view when the server said the item is
// not there; 'Something went wrong' with Retry when it failed otherwise (a 5xx, the network), so the error state
// never claims a page is missing when the server was only down.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api';
import { Loading } from './loading';
import { LoadError } from './load-error';
import { NotFound } from './not-found';

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
  if (query.isError || (isEmpty && isEmpty(query.data))) return <NotFound />;
  return <>{children(query.data)}</>;
}

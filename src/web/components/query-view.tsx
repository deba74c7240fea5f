// The three states of a data screen (SPEC §4): loading, then the content, or the 404 view when the call failed.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from './loading';
import { NotFound } from './not-found';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** Treat a 200 answer as missing (an empty detail array, say). */
  isEmpty?: (data: T) => boolean;
  loadingLabel?: string;
}

export function QueryView<T>({ query, children, isEmpty, loadingLabel }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError || (isEmpty && isEmpty(query.data))) return <NotFound />;
  return <>{children(query.data)}</>;
}

// GET /api/search/{text} (signed-in users only): courses and tutorials matching the text.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../../shared/contract';
import { api } from '../../../lib/api';

/** The server searches words of letters and digits; a text without any (".", "..", "?!") has no results, and
 *  "." or ".." would not even reach the server: the browser resolves them out of the path. */
const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);

export function getSearch(text: string, signal?: AbortSignal): Promise<SearchResult> {
  if (!hasWord(text)) return Promise.resolve({ course: [], tutorial: [] });
  return api<SearchResult>(`/api/search/${encodeURIComponent(text)}`, { auth: true, signal });
}

export function searchQueryOptions(text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: ['search', trimmed],
    queryFn: ({ signal }) => getSearch(trimmed, signal),
    // Search runs only when the text is non-empty.
    enabled: trimmed !== '',
    staleTime: 30_000,
    // While the next text is on its way, the previous results stay instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useSearch(text: string) {
  return useQuery(searchQueryOptions(text));
}

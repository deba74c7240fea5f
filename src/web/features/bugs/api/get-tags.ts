// GET /api/bug/tags?prefix=: tags in use that start with what is typed, most used first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagSuggestions } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export function getTagSuggestions(prefix: string, signal?: AbortSignal): Promise<TagSuggestions> {
  return api<TagSuggestions>(`/api/bug/tags?prefix=${encodeURIComponent(prefix)}`, { signal });
}

export function useTagSuggestions(prefix: string) {
  return useQuery(
    queryOptions({
      queryKey: [...bugsKey, 'tags', prefix] as const,
      queryFn: ({ signal }) => getTagSuggestions(prefix, signal),
      enabled: prefix.length > 0,
      staleTime: 60_000,
    }),
  );
}

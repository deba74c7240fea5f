// The calls around an item's published version (decision 0051): Update and Discard of its working copy, its history
// and Restore, and preview links. Each answers the item, which replaces its copies in the cache.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreviewLink, RevisionList } from '../../../../shared/studio-revisions';
import { api } from '../../../lib/api';
import { storeItem } from './update-item';
import { itemPath, type ItemOf, type StudioKind } from './studio-kinds';

/** The history of the item at `path` (`/api/studio/{kind}/{id}`: a course, tutorial, post, lesson or practice item). */
export const revisionsKey = (path: string) => ['studio', 'revisions', path] as const;

export const revisionsQueryOptions = (path: string) =>
  queryOptions({
    queryKey: revisionsKey(path),
    queryFn: ({ signal }) => api<RevisionList>(`${path}/revisions`, { auth: true, signal }),
    staleTime: 0,
  });

export function useRevisions(path: string, enabled: boolean) {
  return useQuery({ ...revisionsQueryOptions(path), enabled });
}

type ItemAction = { what: 'update' | 'discard' } | { what: 'restore'; revisionId: string };

/** Update, Discard changes or Restore, on the version the editor holds. */
export function useItemAction<K extends StudioKind>(kind: K, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version }: { action: ItemAction; version: number }) =>
      api<ItemOf<K>>(
        `${itemPath(kind, id)}/${action.what === 'restore' ? `revisions/${encodeURIComponent(action.revisionId)}/restore` : action.what}`,
        { method: 'POST', body: { version }, auth: true },
      ),
    onSuccess: (item) => {
      storeItem(queryClient, kind, item);
      void queryClient.invalidateQueries({ queryKey: revisionsKey(itemPath(kind, id)) });
    },
  });
}

/** A preview link of the item at `path` (its Studio address, as for its history). */
export function makePreviewLink(path: string): Promise<PreviewLink> {
  return api<PreviewLink>(`${path}/preview-link`, { method: 'POST', auth: true });
}

export function revokePreviewLinks(path: string): Promise<unknown> {
  return api<unknown>(`${path}/preview-link`, { method: 'DELETE', auth: true });
}

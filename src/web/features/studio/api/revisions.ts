// The calls around an item's published version (decision 0051): Update and Discard of its working copy, its history
// and Restore, and preview links. Each answers the item, which replaces its copies in the cache.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreviewLink, RevisionList } from '../../../../shared/studio-revisions';
import { api } from '../../../lib/api';
import { storeItem } from './update-item';
import { itemPath, type ItemOf, type StudioKind } from './studio-kinds';

export const revisionsKey = (kind: StudioKind, id: string) => ['studio', kind, id, 'revisions'] as const;

export const revisionsQueryOptions = (kind: StudioKind, id: string) =>
  queryOptions({
    queryKey: revisionsKey(kind, id),
    queryFn: ({ signal }) => api<RevisionList>(`${itemPath(kind, id)}/revisions`, { auth: true, signal }),
    staleTime: 0,
  });

export function useRevisions(kind: StudioKind, id: string, enabled: boolean) {
  return useQuery({ ...revisionsQueryOptions(kind, id), enabled });
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
      void queryClient.invalidateQueries({ queryKey: revisionsKey(kind, id) });
    },
  });
}

export function makePreviewLink(kind: StudioKind, id: string): Promise<PreviewLink> {
  return api<PreviewLink>(`${itemPath(kind, id)}/preview-link`, { method: 'POST', auth: true });
}

export function revokePreviewLinks(kind: StudioKind, id: string): Promise<unknown> {
  return api<unknown>(`${itemPath(kind, id)}/preview-link`, { method: 'DELETE', auth: true });
}

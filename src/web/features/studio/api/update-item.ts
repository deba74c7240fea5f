// PATCH /api/studio/{kind}/{id}: any subset of the fields plus the `version` the change was made on; a stale
// version answers 409. Publishing is {status: 'published'}, unpublishing {status: 'draft'}.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { itemPath, studioKeys, type ItemOf, type PatchBodyOf, type StudioKind } from './studio-kinds';

export function updateItem<K extends StudioKind>(kind: K, id: string, patch: PatchBodyOf<K>): Promise<ItemOf<K>> {
  return api<ItemOf<K>>(itemPath(kind, id), { method: 'PATCH', body: patch, auth: true });
}

/** The saved item replaces its copies in the editor's cache and in the list. */
export function storeItem<K extends StudioKind>(queryClient: QueryClient, kind: K, item: ItemOf<K>): void {
  queryClient.setQueryData(studioKeys.item(kind, item._id), item);
  queryClient.setQueryData<ItemOf<K>[]>(studioKeys.list(kind), (list) =>
    list?.map((other) => (other._id === item._id ? item : other)),
  );
}

export function useUpdateItem<K extends StudioKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PatchBodyOf<K> }) => updateItem(kind, id, patch),
    onSuccess: (item) => storeItem(queryClient, kind, item),
  });
}

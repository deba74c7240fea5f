// GET /api/blog/getBlogDetail/{id}: an array whose first item is the post.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blog } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getBlog(blogId: string, signal?: AbortSignal): Promise<Blog[]> {
  return api<Blog[]>(`/api/blog/getBlogDetail/${encodeURIComponent(blogId)}`, { signal });
}

export const blogQueryOptions = (blogId: string) =>
  queryOptions({ queryKey: ['blog', blogId], queryFn: ({ signal }) => getBlog(blogId, signal) });

export function useBlog(blogId: string) {
  return useQuery(blogQueryOptions(blogId));
}

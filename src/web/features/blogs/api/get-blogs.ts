// GET /api/blog/getBlog: the blog posts, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blog } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getBlogs(signal?: AbortSignal): Promise<Blog[]> {
  return api<Blog[]>('/api/blog/getBlog', { signal });
}

export const blogsQueryOptions = () => queryOptions({ queryKey: ['blogs'], queryFn: ({ signal }) => getBlogs(signal) });

export function useBlogs() {
  return useQuery(blogsQueryOptions());
}

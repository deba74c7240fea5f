// POST /api/lession/getcomment {lession}: a lesson's comments, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export const commentsQueryKey = (lessonId: string) => ['lesson-comments', lessonId] as const;

export function getComments(lessonId: string, signal?: AbortSignal): Promise<Comment[]> {
  return api<Comment[]>('/api/lession/getcomment', { method: 'POST', body: { lession: lessonId }, signal });
}

export const commentsQueryOptions = (lessonId: string) =>
  queryOptions({ queryKey: commentsQueryKey(lessonId), queryFn: ({ signal }) => getComments(lessonId, signal) });

export function useComments(lessonId: string) {
  return useQuery(commentsQueryOptions(lessonId));
}

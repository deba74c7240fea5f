// GET /api/lession/getLession/{courseId}/{lessonId}: `course[0]` is the lesson shown, `lessionList` the sidebar.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonPage } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getLesson(courseId: string, lessonId: string, signal?: AbortSignal): Promise<LessonPage> {
  return api<LessonPage>(`/api/lession/getLession/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`, {
    signal,
  });
}

export const lessonQueryOptions = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: ['lesson', courseId, lessonId],
    queryFn: ({ signal }) => getLesson(courseId, lessonId, signal),
    // Moving to the next lesson keeps the page (and the sidebar state) until the new lesson arrives.
    placeholderData: keepPreviousData,
  });

export function useLesson(courseId: string, lessonId: string) {
  return useQuery(lessonQueryOptions(courseId, lessonId));
}

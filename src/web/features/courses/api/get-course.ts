// GET /api/lession/getLessionList/{courseId}: a course with its lesson list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseWithLessons } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getCourse(courseId: string, signal?: AbortSignal): Promise<CourseWithLessons> {
  return api<CourseWithLessons>(`/api/lession/getLessionList/${encodeURIComponent(courseId)}`, { signal });
}

export const courseQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: ['course', courseId], queryFn: ({ signal }) => getCourse(courseId, signal) });

export function useCourse(courseId: string) {
  return useQuery(courseQueryOptions(courseId));
}

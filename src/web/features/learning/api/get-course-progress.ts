// GET /api/progress/course/{courseId}: the signed-in learner's progress in one course (bar, marks, resume).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseProgress } from '../../../../shared/progress';
import { api } from '../../../lib/api';

export function getCourseProgress(courseId: string, signal?: AbortSignal): Promise<CourseProgress> {
  return api<CourseProgress>(`/api/progress/course/${encodeURIComponent(courseId)}`, {
    auth: true,
    signal,
  });
}

export const courseProgressQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['progress', 'course', courseId],
    queryFn: ({ signal }) => getCourseProgress(courseId, signal),
    staleTime: 0,
  });

export function useCourseProgressQuery(courseId: string, enabled: boolean) {
  return useQuery({ ...courseProgressQueryOptions(courseId), enabled });
}

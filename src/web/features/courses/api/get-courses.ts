// GET /api/course/getCourse: every course (the home page shows the last three).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCard } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function getCourses(signal?: AbortSignal): Promise<CourseCard[]> {
  return api<CourseCard[]>('/api/course/getCourse', { signal });
}

export const coursesQueryOptions = () =>
  queryOptions({ queryKey: ['courses'], queryFn: ({ signal }) => getCourses(signal) });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}

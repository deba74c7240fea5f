// GET /api/course/getCourse, for the visitor's '/learning' (course titles and covers of their local progress).
// The same call and query key as the courses feature's list, so the two share one cache entry; learning cannot
// import the courses feature (which imports learning for the player and the cards' bars).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCard } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['courses'],
    queryFn: ({ signal }) => api<CourseCard[]>('/api/course/getCourse', { signal }),
  });

export function useCatalogue(enabled: boolean) {
  return useQuery({ ...catalogueQueryOptions(), enabled });
}

// GET /api/lession/{lessonId}/bugs: the questions asked on a lesson, by video time.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonBug } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export function getLessonBugs(lessonId: string, signal?: AbortSignal): Promise<LessonBug[]> {
  return api<LessonBug[]>(`/api/lession/${encodeURIComponent(lessonId)}/bugs`, { signal });
}

export function useLessonBugs(lessonId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...bugsKey, 'lesson', lessonId] as const,
      queryFn: ({ signal }) => getLessonBugs(lessonId, signal),
    }),
  );
}

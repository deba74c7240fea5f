// A learner's progress in one course: the server's for a signed-in learner, this browser's for a visitor.
import { useMemo } from 'react';
import type { LessonListItem } from '../../../shared/contract';
import { useSession } from '../../lib/session';
import { useCourseProgressQuery } from './api/get-course-progress';
import { useLocalProgress } from './local-progress';
import { fromLocal, fromServer, type LearnerCourse } from './progress-model';

/** Null while a signed-in learner's progress loads (or failed: the page works without it). */
export function useLearnerCourse(courseId: string, lessons: readonly LessonListItem[]): LearnerCourse | null {
  const { signedIn } = useSession();
  const query = useCourseProgressQuery(courseId, signedIn);
  const local = useLocalProgress();
  return useMemo(() => {
    if (signedIn) return query.data ? fromServer(query.data) : null;
    return fromLocal(local, courseId, lessons);
  }, [signedIn, query.data, local, courseId, lessons]);
}

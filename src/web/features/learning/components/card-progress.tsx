// The progress line of a course card: the learner's bar and resume link, or nothing before they start (the card's
// own link starts the course).
import type { CourseCard } from '../../../../shared/contract';
import { useSession } from '../../../lib/session';
import { useMyLearning } from '../api/get-my-learning';
import { useLocalProgress } from '../local-progress';
import { localCourseSummary } from '../progress-model';
import { CourseProgress } from './course-progress';

export function CardProgress({ course }: { course: CourseCard }) {
  const { signedIn } = useSession();
  const mine = useMyLearning(signedIn);
  const local = useLocalProgress();
  const summary = signedIn
    ? mine.data?.courses.find((entry) => entry.course._id === course._id)
    : localCourseSummary(local, course._id, course.duration);
  if (!summary) return null;
  return (
    <CourseProgress
      courseId={course._id}
      percent={summary.percent}
      resume={summary.resume}
      started
      courseTitle={course.title}
    />
  );
}

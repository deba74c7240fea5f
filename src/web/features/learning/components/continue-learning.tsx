// Home, signed in: 'Continue learning', the three courses the learner worked on last, each with its bar and resume.
import { HOME_LATEST_COURSES } from '../../../../shared/constants';
import { useSession } from '../../../lib/session';
import { useMyLearning } from '../api/get-my-learning';
import { LearningSection } from './learning-card';

export function ContinueLearning() {
  const { signedIn } = useSession();
  const mine = useMyLearning(signedIn);
  const courses = mine.data?.courses.slice(0, HOME_LATEST_COURSES) ?? [];
  if (!signedIn || courses.length === 0) return null;
  return (
    <LearningSection id="continue-learning" title="Continue learning" entries={courses} className="container section" />
  );
}

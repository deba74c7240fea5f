// Home, signed in: 'Continue learning', the three courses the learner worked on last, each with its bar and resume.
import { HOME_LATEST_COURSES } from '../../../../shared/constants';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/session';
import { useMyLearning } from '../api/get-my-learning';
import { LearningCard } from './learning-card';

export function ContinueLearning() {
  const { signedIn } = useSession();
  const mine = useMyLearning(signedIn);
  const courses = mine.data?.courses.slice(0, HOME_LATEST_COURSES) ?? [];
  if (!signedIn || courses.length === 0) return null;
  return (
    <section className="container section" aria-labelledby="continue-learning">
      <h2 id="continue-learning" className="section__title">
        Continue learning
      </h2>
      <div className="card-grid">
        {courses.map((entry) => (
          <LearningCard
            key={entry.course._id}
            courseId={entry.course._id}
            title={entry.course.title}
            cover={entry.course.cover}
            percent={entry.percent}
            resume={entry.resume}
            to={paths.course(entry.course._id)}
          />
        ))}
      </div>
    </section>
  );
}

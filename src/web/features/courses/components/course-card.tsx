// One course as a card: cover, title, 90-character excerpt, the specified 'Start watching!' link, its lessons, its
// length and the learner's progress. Used by /course and home.
import type { CourseCard as CourseCardData } from '../../../../shared/contract';
import { EXCERPT } from '../../../../shared/first-load';
import { loadLearning as learning } from '../../../app/learning-chunk';
import { paths } from '../../../app/paths';
import { ContentCard } from '../../../components/content-card';
import { lazy, Suspense } from 'react';
import { excerpt } from '../../../lib/excerpt';
import { formatLength } from '../../../lib/lengths';
import { useHasLocalProgress, useSession } from '../../../lib/session';

// The learner's progress (a card's bar and resume link, the home page's 'Continue learning' row) is the learning
// feature's lazy chunk: it loads only for a signed-in learner or a visitor who has started something, so a first
// visit's home page carries none of it (docs/decisions/0005). One import site, one list of chunks to preload.
const LearningSlot = lazy(learning);

/** Home, signed in: the 'Continue learning' row (features/learning), loaded only then. */
export function ContinueLearning() {
  return useSession().signedIn ? (
    <Suspense fallback={null}>
      <LearningSlot />
    </Suspense>
  ) : null;
}

/** '3 lessons · 12 min' */
export const courseLengthText = ({ lessonCount: n, duration }: Pick<CourseCardData, 'lessonCount' | 'duration'>) =>
  `${n} lesson${n === 1 ? '' : 's'}${duration > 0 ? ` · ${formatLength(duration)}` : ''}`;

interface CourseCardProps {
  course: CourseCardData;
  headingLevel?: 2 | 3;
  eager?: boolean;
}

export function CourseCard({ course, headingLevel, eager }: CourseCardProps) {
  const { signedIn } = useSession();
  const started = useHasLocalProgress();
  const progress = signedIn || started;
  return (
    <ContentCard
      to={paths.course(course._id)}
      image={course.cover}
      title={course.title}
      text={excerpt(course.description, EXCERPT.course)}
      linkLabel="Start watching!"
      headingLevel={headingLevel}
      eager={eager}
      meta={courseLengthText(course)}
      extra={
        progress ? (
          <Suspense fallback={null}>
            <LearningSlot course={course} />
          </Suspense>
        ) : undefined
      }
    />
  );
}

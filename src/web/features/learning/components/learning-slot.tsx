// What the home page and the course cards load lazily from learning, as one default export (so both are
// `lazy(load)`, the fewest bytes in the home page's tight budget): a card's progress line, or with no course the
// home page's 'Continue learning' row.
import type { CourseCard } from '../../../../shared/contract';
import { CardProgress } from './card-progress';
import { ContinueLearning } from './continue-learning';

export function LearningSlot({ course }: { course?: CourseCard }) {
  return course ? <CardProgress course={course} /> : <ContinueLearning />;
}

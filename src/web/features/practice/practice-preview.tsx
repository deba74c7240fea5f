// '/preview/exercise/:exerciseId' and '/preview/quiz/:quizId': a practice item's draft or unpublished changes, as
// their pages will show them; Run runs in the browser as on the page, and nothing is submitted nor kept (decision
// 0051).
import { PreviewFrame } from '../../components/preview-frame';
import { useParams } from '../../lib/router';
import { exerciseQueryOptions } from './api/get-exercise';
import { quizQueryOptions } from './api/get-quiz';
import ExercisePage from './exercise-page';
import QuizPage from './quiz-page';

export function ExercisePreview() {
  const { exerciseId = '' } = useParams();
  const { queryKey } = exerciseQueryOptions(exerciseId);
  return <PreviewFrame kind="exercises" id={exerciseId} queryKey={queryKey} Page={ExercisePage} />;
}

export function QuizPreview() {
  const { quizId = '' } = useParams();
  const { queryKey } = quizQueryOptions(quizId);
  return <PreviewFrame kind="quizzes" id={quizId} queryKey={queryKey} Page={QuizPage} />;
}

// Saving an exercise or a quiz: POST /api/studio/{lessons|tutorials}/{id}/{exercises|quizzes} creates it at the end
// of its owner's list; PATCH /api/studio/{exercises|quizzes}/{id} changes it, with the `version` the form started
// from (a stale one answers 409). An exercise's answer carries the save-time check (`valid`, `check`). GET reads one
// again (Reload after a 409). An item of a published lesson or tutorial is saved into its working copy: POST
// …/{id}/update publishes it to learners, …/{id}/discard drops it (decision 0051).
import type {
  ExerciseInput,
  ExercisePatch,
  QuizInput,
  QuizPatch,
  StudioExercise,
  StudioQuiz,
} from '../../../../../shared/practice';
import { api } from '../../../../lib/api';
import { actionPath, type WorkingCopyCall } from '../../components/working-copy-changes';
import { ownerPath, practiceItemPath, type PracticeOwner, type StudioPracticeItem } from './practice-keys';

export function createExercise(owner: PracticeOwner, body: ExerciseInput): Promise<StudioExercise> {
  return api<StudioExercise>(`${ownerPath(owner)}/exercises`, { method: 'POST', body, auth: true });
}

export function updateExercise(id: string, patch: ExercisePatch): Promise<StudioExercise> {
  return api<StudioExercise>(practiceItemPath('exercise', id), { method: 'PATCH', body: patch, auth: true });
}

export function getExercise(id: string): Promise<StudioExercise> {
  return api<StudioExercise>(practiceItemPath('exercise', id), { auth: true });
}

export function createQuiz(owner: PracticeOwner, body: QuizInput): Promise<StudioQuiz> {
  return api<StudioQuiz>(`${ownerPath(owner)}/quizzes`, { method: 'POST', body, auth: true });
}

export function updateQuiz(id: string, patch: QuizPatch): Promise<StudioQuiz> {
  return api<StudioQuiz>(practiceItemPath('quiz', id), { method: 'PATCH', body: patch, auth: true });
}

export function getQuiz(id: string): Promise<StudioQuiz> {
  return api<StudioQuiz>(practiceItemPath('quiz', id), { auth: true });
}

/** Update (the working copy becomes what learners see) or Discard changes, on the version the form holds. */
export function practiceItemAction<I extends StudioPracticeItem>(item: I, what: WorkingCopyCall): Promise<I> {
  return api<I>(actionPath(practiceItemPath(item.kind, item._id), what), {
    method: 'POST',
    body: { version: item.version },
    auth: true,
  });
}

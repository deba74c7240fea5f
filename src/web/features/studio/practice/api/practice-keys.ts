// Where a lesson's or a tutorial's practice items live: their owner, the owner's Studio address, the cache key of
// the list, and how one saved item replaces its copy in that list.
import type { QueryClient } from '@tanstack/react-query';
import type { StudioExercise, StudioPracticeItems, StudioQuiz } from '../../../../../shared/practice';

/** The lesson or tutorial that holds the items. */
export interface PracticeOwner {
  kind: 'lessons' | 'tutorials';
  id: string;
}

export type StudioPracticeItem = StudioExercise | StudioQuiz;

export const practiceKey = (owner: PracticeOwner) => ['studio', 'practice', owner.kind, owner.id] as const;

export const ownerPath = (owner: PracticeOwner) => `/api/studio/${owner.kind}/${encodeURIComponent(owner.id)}`;

/** `/api/studio/exercises/{id}` or `/api/studio/quizzes/{id}`. */
export const practiceItemPath = (kind: StudioPracticeItem['kind'], id: string) =>
  `/api/studio/${kind === 'exercise' ? 'exercises' : 'quizzes'}/${encodeURIComponent(id)}`;

/** A saved item replaces its copy in its owner's list, or joins the end of it. */
export function storePracticeItem(queryClient: QueryClient, owner: PracticeOwner, item: StudioPracticeItem): void {
  queryClient.setQueryData<StudioPracticeItems>(practiceKey(owner), (list) => {
    if (!list) return list;
    const known = list.items.some((other) => other._id === item._id);
    return {
      items: known ? list.items.map((other) => (other._id === item._id ? item : other)) : [...list.items, item],
    };
  });
}

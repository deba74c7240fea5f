// What other features may use from BugsWorld: the lesson page's questions and 'Ask about this moment', in their own
// chunk (the lesson page loads them after the player).
import { type ComponentProps, createElement, lazy, memo, Suspense } from 'react';

const Questions = lazy(() => import('./components/lesson-questions'));

/** Memoized: a re-render of the lesson page with the same props does not reach the boundary. Until the chunk has
 *  loaded, the boundary holds the server's HTML, and any update reaching it then makes React discard that HTML and
 *  draw the questions again from nothing once the chunk arrives. */
export const LessonQuestions = memo(function LessonQuestions(props: ComponentProps<typeof Questions>) {
  return createElement(Suspense, { fallback: null }, createElement(Questions, props));
});

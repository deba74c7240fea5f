// What other features may use from BugsWorld: the lesson page's questions and 'Ask about this moment', in their own
// chunk (the lesson page loads them after the player).
import { type ComponentProps, createElement, lazy, Suspense } from 'react';

const Questions = lazy(() => import('./components/lesson-questions'));

export function LessonQuestions(props: ComponentProps<typeof Questions>) {
  return createElement(Suspense, { fallback: null }, createElement(Questions, props));
}

// What other features may use from learning: the lesson player with its progress, the course's progress for a
// learner, the bars and marks of lists and cards, the home row, and the visitor merge at login.
export { mergeLocalProgress } from './api/merge-progress';
export { CardProgress } from './components/card-progress';
// The course cards and the home page load this chunk lazily: `lazy(() => import(...))` takes the default.
export { LearningSlot as default } from './components/learning-slot';
export { ContinueLearning } from './components/continue-learning';
export { CourseProgress, LessonMarkLabel } from './components/course-progress';
export { LessonPlayer, preloadLessonPlayer } from './components/lesson-player-lazy';
export { useLearnerCourse } from './use-learner-course';
export { default as LearningPage } from './learning-page';

// What other features may use from comments: the comment thread under a lesson.
export { LessonComments } from './lesson-comments';

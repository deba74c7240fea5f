// What other modules may use from courses: lesson comments hang off lessons, so they ask whether one exists.
export { lessonExists } from './courses.service';

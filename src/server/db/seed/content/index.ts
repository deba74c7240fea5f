export type { SeedBlog, SeedCourse, SeedLesson, SeedTutorial } from './types';
export { courses } from './courses';
export { tutorials } from './tutorials';
export { blogs } from './blogs';

export type { SeedBlog, SeedCourse, SeedLesson, SeedPractice, SeedPracticeItem, SeedTutorial } from './types';
export { courses } from './courses';
export { tutorials } from './tutorials';
export { blogs } from './blogs';
export { practice } from './practice';

// What other features may use from courses: the catalogue query and the card that shows one course.
export { useCourses } from './api/get-courses';
export { ContinueLearning, CourseCard } from './components/course-card';

// What other features may use from certificates: the notice where a learner completes a course, and their list.
export { CourseCompleteNotice } from './course-complete-notice';
export { MyCertificates } from './my-certificates';

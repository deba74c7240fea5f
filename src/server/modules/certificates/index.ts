// What other modules may use from certificates: issuing one when a write may have completed a course (lesson
// progress, a practice pass), and the learner's certificate of a course for the course progress answer.
export { issueIfComplete, isCourseComplete, courseCompletion } from './certificate-issue.service';
export { certificateLinkOf } from './certificates.service';

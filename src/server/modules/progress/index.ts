// What other modules may use from learning progress: the channel on which a write announces its learners, so a
// practice pass makes every process forget the learner's kept progress reads; and the rules of a lesson done, a
// practice item counted and a course complete, so a certificate is issued by the same rule the progress shows.
export { PROGRESS_CHANNEL } from './progress-cache';
export { courseComplete, lessonDone, practiceItemCounts } from './progress-rules-sql';

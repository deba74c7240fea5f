// What other modules may use from learning progress: the channel on which a write announces its learners, so a
// practice pass makes every process forget the learner's kept progress reads.
export { PROGRESS_CHANNEL } from './progress-cache';

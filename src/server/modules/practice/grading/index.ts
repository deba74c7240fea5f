// Grading learner code in WebAssembly engines on worker threads (decision 0047).
export { checkExercise, createGrader, type ExerciseToCheck, type Grader, type GraderOptions } from './grader';
export { HARD_STOP_MS } from './worker-pool';

// Practice: exercises graded by running the learner's code against tests, and quizzes scored by the server.
// One contract for the learner's calls, the Studio's calls and the runner (the same harness grades in the browser
// and on the server). The server validates and serializes with these schemas; the screens are typed by them.
import { z } from 'zod';
import { LIMITS } from './constants';
import { PRACTICE, VERDICTS, type TestResult as RuleTestResult } from './practice-rules';
import { revisable } from './studio-revisions';

export { PRACTICE, TEXTS, VERDICTS, type RunRequest, type RunResult, type Verdict } from './practice-rules';

export const language = z.enum(PRACTICE.languages, {
  error: `language must be one of ${PRACTICE.languages.join(', ')}`,
});
export type Language = z.infer<typeof language>;

/** Code fields: the 64 KB limit is checked in bytes by the route (413), so the schema only bounds characters. */
const code = (field: string) =>
  z.string({ error: `${field} must be text` }).max(PRACTICE.codeBytesMax, `${field} must be at most 64 KB`);
const title = z
  .string({ error: 'title must be text' })
  .trim()
  .min(1, 'title is required')
  .max(LIMITS.titleMax, `title must be at most ${LIMITS.titleMax} characters`);

// ---- the learner ----

/** GET /api/practice/lesson/{lessonId} · GET /api/practice/tutorial/{tutorialId}: `passed` is false without a token. */
export const practiceItem = z.object({
  _id: z.string(),
  kind: z.enum(['exercise', 'quiz']),
  title: z.string(),
  passed: z.boolean(),
});
export type PracticeItem = z.infer<typeof practiceItem>;
export const practiceList = z.object({ items: z.array(practiceItem) });
export type PracticeList = z.infer<typeof practiceList>;

export const visibleTest = z.object({ _id: z.string(), name: z.string(), code: z.string() });
export type VisibleTest = z.infer<typeof visibleTest>;

/** GET /api/exercises/{id}: the visible tests only, never the solution. `savedCode` (an addition) is the signed-in
 *  learner's latest code, null without a token or when they have none; `passed` (an addition) whether they passed. */
export const exercise = z.object({
  _id: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  prompt: z.string(),
  language,
  starterCode: z.string(),
  timeLimitMs: z.number(),
  tests: z.array(visibleTest),
  /** How many hidden tests Submit also runs. */
  hiddenTests: z.number(),
  lessonId: z.string().nullable(),
  tutorialId: z.string().nullable(),
  /** (An addition) the course of its lesson, so the page links back to `/course/{courseId}/{lessonId}`; null for a
   *  tutorial's item. */
  courseId: z.string().nullable().optional(),
  savedCode: z.string().nullable(),
  passed: z.boolean(),
});
export type Exercise = z.infer<typeof exercise>;

/** POST /api/exercises/{id}/submissions */
export const submissionBody = z.object({ code: code('code') });
export type SubmissionBody = z.infer<typeof submissionBody>;

/** One test's result. A hidden test's `name` is 'Hidden test N' and it has no `message`. */
export const testResult = z.object({
  name: z.string(),
  passed: z.boolean(),
  hidden: z.boolean(),
  message: z.string().optional(),
});
export type TestResult = z.infer<typeof testResult>;
testResult satisfies z.ZodType<RuleTestResult>;

export const submission = z.object({
  _id: z.string(),
  verdict: z.enum(VERDICTS),
  tests: z.array(testResult),
  output: z.string(),
  error: z.string().optional(),
  durationMs: z.number(),
  createdAt: z.string(),
});
export type Submission = z.infer<typeof submission>;

/** GET /api/exercises/{id}/submissions: the learner's own, newest first, each with its code. */
export const submissionList = z.object({ submissions: z.array(submission.extend({ code: z.string() })) });
export type SubmissionList = z.infer<typeof submissionList>;

/** PUT /api/exercises/{id}/code (an addition): the learner's latest code, kept between visits. */
export const savedCodeBody = z.object({ code: code('code') });
export type SavedCodeBody = z.infer<typeof savedCodeBody>;
/** The answer of PUT /api/exercises/{id}/code (an addition): when the code was kept. */
export const savedCodeResult = z.object({ savedAt: z.string() });
export type SavedCodeResult = z.infer<typeof savedCodeResult>;

/** POST /api/practice/merge (an addition): a visitor's code kept in the browser joins the account at login; code
 *  the account already holds for an exercise wins. */
export const practiceMergeBody = z.object({
  exercises: z
    .array(z.object({ exerciseId: z.string().max(100), code: code('code') }))
    .max(PRACTICE.itemsMax * 4, `exercises: at most ${PRACTICE.itemsMax * 4} in one merge`),
});
export type PracticeMergeBody = z.infer<typeof practiceMergeBody>;
export const practiceMergeResult = z.object({ merged: z.number(), skipped: z.array(z.string()) });

/** GET /api/quizzes/{id}: no answers. */
export const quiz = z.object({
  _id: z.string(),
  title: z.string(),
  passMark: z.number(),
  questions: z.array(
    z.object({
      _id: z.string(),
      text: z.string(),
      multiple: z.boolean(),
      choices: z.array(z.object({ _id: z.string(), text: z.string() })),
    }),
  ),
  lessonId: z.string().nullable(),
  tutorialId: z.string().nullable(),
  /** (An addition) the course of its lesson, as for an exercise. */
  courseId: z.string().nullable().optional(),
  passed: z.boolean(),
});
export type Quiz = z.infer<typeof quiz>;

/** POST /api/quizzes/{id}/attempts */
export const attemptBody = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string().max(100),
        choiceIds: z.array(z.string().max(100)).max(PRACTICE.quiz.choicesMax, 'choiceIds: too many choices'),
      }),
    )
    .max(PRACTICE.quiz.questionsMax, `answers: at most ${PRACTICE.quiz.questionsMax}`),
});
export type AttemptBody = z.infer<typeof attemptBody>;

/** `score` counts the questions answered right; a multiple-answer question is right only with exactly its correct
 *  choices. */
export const attemptResult = z.object({
  score: z.number(),
  total: z.number(),
  passed: z.boolean(),
  questions: z.array(
    z.object({ _id: z.string(), correct: z.boolean(), correctChoiceIds: z.array(z.string()), explanation: z.string() }),
  ),
});
export type AttemptResult = z.infer<typeof attemptResult>;

/** The course progress answer's practice counts, for the course and for each lesson. */
export const practiceCount = z.object({ passed: z.number(), total: z.number() });
export type PracticeCount = z.infer<typeof practiceCount>;

// ---- the Studio ----

export const studioTestInput = z.object({
  name: z
    .string({ error: 'test name must be text' })
    .trim()
    .min(1, 'each test needs a name')
    .max(PRACTICE.testNameMax, `test name must be at most ${PRACTICE.testNameMax} characters`),
  code: code('test code').min(1, 'each test needs code'),
  hidden: z.boolean({ error: 'hidden must be true or false' }).default(false),
});

export const exerciseInput = z.object({
  title,
  prompt: z.string().max(PRACTICE.promptMax, `prompt must be at most ${PRACTICE.promptMax} characters`),
  language,
  starterCode: code('starterCode'),
  solution: code('solution'),
  tests: z
    .array(studioTestInput)
    .min(1, 'an exercise needs at least one test')
    .max(PRACTICE.testsMax, `at most ${PRACTICE.testsMax} tests`),
  timeLimitMs: z
    .int('timeLimitMs must be an integer')
    .min(
      PRACTICE.timeLimitMs.min,
      `timeLimitMs must be between ${PRACTICE.timeLimitMs.min} and ${PRACTICE.timeLimitMs.max}`,
    )
    .max(
      PRACTICE.timeLimitMs.max,
      `timeLimitMs must be between ${PRACTICE.timeLimitMs.min} and ${PRACTICE.timeLimitMs.max}`,
    )
    .optional(),
});
export type ExerciseInput = z.infer<typeof exerciseInput>;
/** PATCH /api/studio/exercises/{id}: any subset; `version` (an addition) refuses a stale save with 409. */
export const exercisePatch = exerciseInput.partial().extend({ version: z.int().min(1).optional() });
export type ExercisePatch = z.infer<typeof exercisePatch>;

/** What the save-time check found: the solution must pass every test, the starter code must fail one. */
export const exerciseCheck = z.object({
  solutionPasses: z.boolean(),
  starterFails: z.boolean(),
  failures: z.array(z.object({ test: z.string(), message: z.string() })),
});
export type ExerciseCheck = z.infer<typeof exerciseCheck>;

export const studioExercise = z.object({
  _id: z.string(),
  kind: z.literal('exercise'),
  title: z.string(),
  prompt: z.string(),
  language,
  starterCode: z.string(),
  solution: z.string(),
  tests: z.array(z.object({ _id: z.string(), name: z.string(), code: z.string(), hidden: z.boolean() })),
  timeLimitMs: z.number(),
  /** False while the check fails: the exercise is stored but learners do not see it. With a working copy: its
   *  check, while learners keep the live version (valid or not) until Update. */
  valid: z.boolean(),
  check: exerciseCheck,
  lessonId: z.string().nullable(),
  tutorialId: z.string().nullable(),
  position: z.number(),
  version: z.number(),
  /** The working copy's save when it has one. */
  updatedAt: z.string(),
  ...revisable,
});
export type StudioExercise = z.infer<typeof studioExercise>;

const choiceInput = z.object({
  text: z.string().trim().min(1, 'each choice needs text').max(PRACTICE.quiz.textMax, 'choice text is too long'),
  correct: z.boolean({ error: 'correct must be true or false' }),
});
const questionInput = z
  .object({
    text: z.string().trim().min(1, 'each question needs text').max(PRACTICE.quiz.textMax, 'question text is too long'),
    multiple: z.boolean({ error: 'multiple must be true or false' }),
    choices: z
      .array(choiceInput)
      .min(
        PRACTICE.quiz.choicesMin,
        `a question needs ${PRACTICE.quiz.choicesMin} to ${PRACTICE.quiz.choicesMax} choices`,
      )
      .max(
        PRACTICE.quiz.choicesMax,
        `a question needs ${PRACTICE.quiz.choicesMin} to ${PRACTICE.quiz.choicesMax} choices`,
      ),
    explanation: z.string().max(PRACTICE.quiz.textMax, 'explanation is too long').default(''),
  })
  .refine((q) => q.choices.some((c) => c.correct), 'each question needs at least one correct choice')
  .refine(
    (q) => q.multiple || q.choices.filter((c) => c.correct).length === 1,
    'a single-answer question has exactly one correct choice',
  );

export const quizInput = z.object({
  title,
  passMark: z
    .int('passMark must be an integer')
    .min(0, 'passMark must be a percent from 0 to 100')
    .max(100, 'passMark must be a percent from 0 to 100')
    .optional(),
  questions: z
    .array(questionInput)
    .min(1, 'a quiz needs at least one question')
    .max(PRACTICE.quiz.questionsMax, `at most ${PRACTICE.quiz.questionsMax} questions`),
});
export type QuizInput = z.infer<typeof quizInput>;
export const quizPatch = quizInput.partial().extend({ version: z.int().min(1).optional() });
export type QuizPatch = z.infer<typeof quizPatch>;

export const studioQuiz = z.object({
  _id: z.string(),
  kind: z.literal('quiz'),
  title: z.string(),
  passMark: z.number(),
  questions: z.array(
    z.object({
      _id: z.string(),
      text: z.string(),
      multiple: z.boolean(),
      choices: z.array(z.object({ _id: z.string(), text: z.string(), correct: z.boolean() })),
      explanation: z.string(),
    }),
  ),
  lessonId: z.string().nullable(),
  tutorialId: z.string().nullable(),
  position: z.number(),
  version: z.number(),
  updatedAt: z.string(),
  ...revisable,
});
export type StudioQuiz = z.infer<typeof studioQuiz>;

/** PUT /api/studio/{lessons|tutorials}/{id}/practice-order: all of its items; the answer is `studioPracticeItems`,
 *  which `GET /api/studio/{lessons|tutorials}/{id}/practice` (an addition) answers too. */
export const practiceOrderBody = z.object({
  ids: z.array(z.string().max(100)).max(PRACTICE.itemsMax, `ids: at most ${PRACTICE.itemsMax}`),
});
export const studioPracticeItems = z.object({ items: z.array(z.union([studioExercise, studioQuiz])) });
export type StudioPracticeItems = z.infer<typeof studioPracticeItems>;

// The browser's runner (an addition): its path, the 'stopped' verdict and its texts are in ./practice-runner.ts, a
// module without zod, so the pages that show code examples load none of the contract's schemas for them.
export * from './practice-runner';

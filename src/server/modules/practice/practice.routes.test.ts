// The learner's practice calls without running code: lists, an exercise's public answer, quizzes and their scoring,
// kept code and its merge, visibility (drafts, invalid exercises), the course's practice counts and completion.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptResult, exercise as exerciseSchema, practiceList, quiz as quizSchema } from '../../../shared/practice';
import { courseProgress } from '../../../shared/progress';
import { practiceProgress, quizAttempts } from '../../db/schema';
import {
  createCourse,
  createExercise,
  createLesson,
  createQuiz,
  createTutorial,
  createUser,
  type TestUser,
} from '../../test/factories';
import { callerOf, errorOf } from '../../test/kit';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let learner: TestUser;
const call = callerOf(() => t.app);

// A published course with two lessons: the first holds an exercise, a quiz and an invalid exercise; a draft course's
// lesson and a draft tutorial hold one item each; a published tutorial holds a quiz.
let course: { id: string };
let lesson1: { id: string };
let lesson2: { id: string };
let exercise: { id: string };
let quiz: { id: string };
let invalid: { id: string };
let draftLesson: { id: string };
let draftExercise: { id: string };
let draftTutorial: { id: string };
let draftTutorialQuiz: { id: string };
let tutorial: { id: string };
let tutorialQuiz: { id: string };

const Q1 = '10000000-0000-4000-8000-000000000001';
const Q1_A = '10000000-0000-4000-8000-00000000000a';
const Q1_B = '10000000-0000-4000-8000-00000000000b';
const Q2 = '20000000-0000-4000-8000-000000000002';
const Q2_A = '20000000-0000-4000-8000-00000000000a';
const Q2_B = '20000000-0000-4000-8000-00000000000b';
const Q2_C = '20000000-0000-4000-8000-00000000000c';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  learner = await createUser(db);
  course = await createCourse(db);
  lesson1 = await createLesson(db, { courseId: course.id });
  lesson2 = await createLesson(db, { courseId: course.id });
  exercise = await createExercise(db, { lessonId: lesson1.id, position: 0 });
  quiz = await createQuiz(db, { lessonId: lesson1.id, position: 1 });
  invalid = await createExercise(db, {
    lessonId: lesson1.id,
    position: 2,
    valid: false,
    check: { solutionPasses: false, starterFails: true, failures: [{ test: 'adds 2 and 3', message: 'expected 5' }] },
  });
  const draftCourse = await createCourse(db, { status: 'draft' });
  draftLesson = await createLesson(db, { courseId: draftCourse.id });
  draftExercise = await createExercise(db, { lessonId: draftLesson.id });
  draftTutorial = await createTutorial(db, { status: 'draft' });
  draftTutorialQuiz = await createQuiz(db, { tutorialId: draftTutorial.id });
  tutorial = await createTutorial(db);
  tutorialQuiz = await createQuiz(db, { tutorialId: tutorial.id });
});
afterAll(() => t.close());

describe('practice lists', () => {
  it("lists a lesson's visible items in order, with passed false without a token", async () => {
    const res = await call('GET', `/api/practice/lesson/${lesson1.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = practiceList.parse(res.json());
    expect(list.items.map((item) => [item._id, item.kind, item.passed])).toEqual([
      [exercise.id, 'exercise', false],
      [quiz.id, 'quiz', false],
    ]);
  });

  it("lists a tutorial's items and an empty list for a lesson without any", async () => {
    const items = practiceList.parse((await call('GET', `/api/practice/tutorial/${tutorial.id}`)).json()).items;
    expect(items.map((item) => item._id)).toEqual([tutorialQuiz.id]);
    expect((await call('GET', `/api/practice/lesson/${lesson2.id}`)).json()).toEqual({ items: [] });
  });

  it("answers 404 for a draft course's lesson, a draft tutorial and unknown ids", async () => {
    await errorOf(call('GET', `/api/practice/lesson/${draftLesson.id}`), 404);
    await errorOf(call('GET', `/api/practice/tutorial/${draftTutorial.id}`), 404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      await errorOf(call('GET', `/api/practice/lesson/${encodeURIComponent(id)}`), 404);
      await errorOf(call('GET', `/api/practice/tutorial/${encodeURIComponent(id)}`), 404);
    }
  });
});

describe('GET /api/exercises/{id}', () => {
  it('answers the visible tests and the number of hidden ones, never the solution or a hidden test', async () => {
    const res = await call('GET', `/api/exercises/${exercise.id}`, learner);
    expect(res.statusCode).toBe(200);
    const body = exerciseSchema.parse(res.json());
    expect(body).toMatchObject({
      _id: exercise.id,
      language: 'javascript',
      timeLimitMs: 2000,
      hiddenTests: 1,
      lessonId: lesson1.id,
      tutorialId: null,
      savedCode: null,
      passed: false,
    });
    expect(body.tests.map((test) => test.name)).toEqual(['adds 2 and 3']);
    expect(res.body).not.toContain('return a + b');
    expect(res.body).not.toContain('adds negatives');
    expect(res.body).not.toContain('7654321');
    expect(res.body).not.toContain('8888888');
    expect(res.body).not.toContain('solution');
  });

  it("answers 404 for an invalid exercise, a draft's exercise, a quiz and unknown ids", async () => {
    for (const id of [invalid.id, draftExercise.id, quiz.id, '00000000-0000-4000-8000-000000000000', 'x'])
      expect(await errorOf(call('GET', `/api/exercises/${id}`), 404)).toBe('Exercise not found');
  });
});

describe('quizzes', () => {
  it('answers the questions and choices with no answers and no explanations', async () => {
    const res = await call('GET', `/api/quizzes/${quiz.id}`);
    expect(res.statusCode).toBe(200);
    const body = quizSchema.parse(res.json());
    expect(body.questions.map((q) => [q._id, q.multiple, q.choices.length])).toEqual([
      [Q1, false, 2],
      [Q2, true, 3],
    ]);
    expect(res.body).not.toContain('correct');
    expect(res.body).not.toContain('cannot be reassigned');
    expect(body.passMark).toBe(50);
  });

  it("answers 404 for a draft tutorial's quiz, an exercise and unknown ids", async () => {
    for (const id of [draftTutorialQuiz.id, exercise.id, 'nope'])
      expect(await errorOf(call('GET', `/api/quizzes/${id}`), 404)).toBe('Quiz not found');
    await errorOf(call('POST', `/api/quizzes/${draftTutorialQuiz.id}/attempts`, learner, { answers: [] }), 404);
  });

  it('needs a token to attempt', async () => {
    await errorOf(call('POST', `/api/quizzes/${quiz.id}/attempts`, undefined, { answers: [] }), 401);
  });

  it('scores: a multiple-answer question is right only with exactly its correct choices', async () => {
    const user = await createUser(t.database.db);
    const res = await call('POST', `/api/quizzes/${quiz.id}/attempts`, user, {
      answers: [
        { questionId: Q1, choiceIds: [Q1_B] },
        { questionId: Q2, choiceIds: [Q2_A] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(attemptResult.parse(res.json())).toEqual({
      score: 1,
      total: 2,
      passed: true,
      questions: [
        { _id: Q1, correct: true, correctChoiceIds: [Q1_B], explanation: 'const cannot be reassigned' },
        { _id: Q2, correct: false, correctChoiceIds: [Q2_A, Q2_C], explanation: 'objects are not primitives' },
      ],
    });
    const extra = await call('POST', `/api/quizzes/${quiz.id}/attempts`, user, {
      answers: [{ questionId: Q2, choiceIds: [Q2_A, Q2_B, Q2_C] }],
    });
    expect(extra.json()).toMatchObject({ score: 0, total: 2, passed: false });
    const exact = await call('POST', `/api/quizzes/${quiz.id}/attempts`, user, {
      answers: [
        { questionId: Q1, choiceIds: [Q1_A] },
        { questionId: Q2, choiceIds: [Q2_C, Q2_A] },
      ],
    });
    expect(exact.json()).toMatchObject({ score: 1, passed: true });
  });

  it('refuses an unknown question, a choice of another question and a second choice of a single answer', async () => {
    const url = `/api/quizzes/${quiz.id}/attempts`;
    expect(
      await errorOf(call('POST', url, learner, { answers: [{ questionId: 'q-unknown', choiceIds: [] }] }), 400),
    ).toContain('is not a question of this quiz');
    expect(
      await errorOf(call('POST', url, learner, { answers: [{ questionId: Q1, choiceIds: [Q2_A] }] }), 400),
    ).toContain('is not a choice of question');
    expect(
      await errorOf(call('POST', url, learner, { answers: [{ questionId: Q1, choiceIds: [Q1_A, Q1_B] }] }), 400),
    ).toContain('takes one choice');
    await errorOf(call('POST', url, learner, { answers: 'all of them' }), 400);
  });

  it('passing stays passed after a failed retake, and at most 20 attempts are kept', async () => {
    const user = await createUser(t.database.db);
    const url = `/api/quizzes/${tutorialQuiz.id}/attempts`;
    const pass = { answers: [{ questionId: Q1, choiceIds: [Q1_B] }] };
    expect((await call('POST', url, user, pass)).json()).toMatchObject({ passed: true });
    for (let i = 0; i < 22; i++) expect((await call('POST', url, user, { answers: [] })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, user.id), eq(quizAttempts.quizId, tutorialQuiz.id)));
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => !row.passed)).toBe(true);
    const list = practiceList.parse((await call('GET', `/api/practice/tutorial/${tutorial.id}`, user)).json());
    expect(list.items[0]).toMatchObject({ _id: tutorialQuiz.id, passed: true });
    expect((await call('GET', `/api/quizzes/${tutorialQuiz.id}`, user)).json()).toMatchObject({ passed: true });
  });
});

describe('kept code', () => {
  it('keeps the latest code and answers it as savedCode', async () => {
    const user = await createUser(t.database.db);
    await errorOf(call('PUT', `/api/exercises/${exercise.id}/code`, undefined, { code: 'x' }), 401);
    const res = await call('PUT', `/api/exercises/${exercise.id}/code`, user, { code: 'let mine = 1;' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ savedAt: expect.any(String) as string });
    await call('PUT', `/api/exercises/${exercise.id}/code`, user, { code: 'let mine = 2;' });
    expect((await call('GET', `/api/exercises/${exercise.id}`, user)).json()).toMatchObject({
      savedCode: 'let mine = 2;',
    });
    expect((await call('GET', `/api/exercises/${exercise.id}`)).json()).toMatchObject({ savedCode: null });
    await errorOf(call('PUT', `/api/exercises/${invalid.id}/code`, user, { code: 'x' }), 404);
  });

  it('refuses code over 64 KB in UTF-8 bytes with 413, characters or not', async () => {
    const url = `/api/exercises/${exercise.id}/code`;
    const ascii = 'a'.repeat(64 * 1024 + 1);
    // 30,000 characters of three bytes each: under 64 K characters, over 64 KB.
    const wide = '€'.repeat(30_000);
    expect(await errorOf(call('PUT', url, learner, { code: ascii }), 413)).toContain('64 KB');
    expect(await errorOf(call('PUT', url, learner, { code: wide }), 413)).toContain('64 KB');
    expect((await call('PUT', url, learner, { code: 'a'.repeat(64 * 1024) })).statusCode).toBe(200);
  });

  it("merges a visitor's code: the account's own code wins, unknown and hidden exercises are skipped", async () => {
    const user = await createUser(t.database.db);
    const other = await createExercise(t.database.db, { lessonId: lesson2.id });
    await call('PUT', `/api/exercises/${exercise.id}/code`, user, { code: 'account code' });
    await errorOf(call('POST', '/api/practice/merge', undefined, { exercises: [] }), 401);
    const res = await call('POST', '/api/practice/merge', user, {
      exercises: [
        { exerciseId: exercise.id, code: 'visitor code 1' },
        { exerciseId: other.id.toUpperCase(), code: 'visitor code 2' },
        { exerciseId: invalid.id, code: 'x' },
        { exerciseId: 'unknown', code: 'x' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ merged: 1, skipped: [invalid.id, 'unknown'] });
    const rows = await t.database.db.select().from(practiceProgress).where(eq(practiceProgress.userId, user.id));
    expect(Object.fromEntries(rows.map((row) => [row.itemId, row.code]))).toEqual({
      [exercise.id]: 'account code',
      [other.id]: 'visitor code 2',
    });
  });
});

describe('course progress with practice', () => {
  it('counts visible practice per lesson and for the course, and completes a course (issuing its certificate) once all is done', async () => {
    const { db } = t.database;
    const c = await createCourse(db);
    const l1 = await createLesson(db, { courseId: c.id });
    const l2 = await createLesson(db, { courseId: c.id });
    const q = await createQuiz(db, { lessonId: l1.id });
    await createExercise(db, { lessonId: l1.id, valid: false });
    const user = await createUser(db);
    const progressOf = async () =>
      courseProgress.parse((await call('GET', `/api/progress/course/${c.id}`, user)).json());

    let progress = await progressOf();
    expect(progress.practice).toEqual({ passed: 0, total: 1 });
    expect(progress.lessons.map((l) => l.practice)).toEqual([
      { passed: 0, total: 1 },
      { passed: 0, total: 0 },
    ]);
    expect(progress.courseComplete).toBe(false);

    for (const l of [l1, l2])
      expect((await call('PUT', `/api/progress/${l.id}/complete`, user, { completed: true })).statusCode).toBe(200);
    progress = await progressOf();
    expect(progress.completedLessons).toBe(2);
    expect(progress.courseComplete).toBe(false);
    expect(progress.certificate).toBeNull();

    await call('POST', `/api/quizzes/${q.id}/attempts`, user, { answers: [{ questionId: Q1, choiceIds: [Q1_B] }] });
    progress = await progressOf();
    expect(progress.practice).toEqual({ passed: 1, total: 1 });
    expect(progress.lessons[0].practice).toEqual({ passed: 1, total: 1 });
    expect(progress.courseComplete).toBe(true);
    // The pass that completed the course issued its certificate.
    expect(progress.certificate?.url).toMatch(/\/certificates\/[\w-]{16,}$/);
  });

  it('completes a course without practice when its lessons are', async () => {
    const { db } = t.database;
    const c = await createCourse(db);
    const l = await createLesson(db, { courseId: c.id });
    const user = await createUser(db);
    await call('PUT', `/api/progress/${l.id}/complete`, user, { completed: true });
    const progress = courseProgress.parse((await call('GET', `/api/progress/course/${c.id}`, user)).json());
    expect(progress).toMatchObject({ practice: { passed: 0, total: 0 }, courseComplete: true });
  });
});

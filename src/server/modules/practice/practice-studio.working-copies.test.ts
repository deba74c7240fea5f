// Practice items of a published lesson or tutorial keep what learners see until Update: a Studio save goes into the
// item's working copy (an exercise's with its check), learners' reads, lists and verdicts stay on the live version
// (its hidden tests too), Update publishes the changes only when the check passes, Discard drops them, every Update
// keeps a revision that Restore brings back, a stale version is 409, and only the owner's author or an admin writes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExerciseInput,
  studioExercise,
  studioQuiz,
  submission as submissionSchema,
} from '../../../shared/practice';
import { revisionList } from '../../../shared/studio-revisions';
import { contentRevisions, practiceItems } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { ownLesson, ownTutorial, practiceTestApp, quizBody } from './practice-test-kit';

let t: Awaited<ReturnType<typeof practiceTestApp>>['t'];
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let learner: TestUser;

const exerciseBody = (overrides: Partial<ExerciseInput> = {}): ExerciseInput => ({
  title: 'Double it',
  prompt: '<p>Write double(n).</p>',
  language: 'javascript',
  starterCode: 'function double(n) { return n; }',
  solution: 'function double(n) { return n * 2; }',
  tests: [
    { name: 'doubles 2', code: 'assert.equal(double(2), 4);', hidden: false },
    { name: 'doubles 21', code: 'assert.equal(double(21), 42);', hidden: true },
  ],
  ...overrides,
});

const quizOf = (title = 'Check yourself') => quizBody({ title, passMark: 100 });

/** Passes the live tests (2 and 21) but not a hidden test of 0. */
const CODE_FOR_LIVE_TESTS = 'function double(n) { return n + n || 1; }';

async function newExercise(ownerPath: string, overrides: Partial<ExerciseInput> = {}) {
  const res = await call(t.app, 'POST', `/api/studio/${ownerPath}/exercises`, alice, exerciseBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return studioExercise.parse(res.json());
}

const learnerExercise = (id: string) => call(t.app, 'GET', `/api/exercises/${id}`, learner);
const learnerList = async (lessonId: string) =>
  (await call(t.app, 'GET', `/api/practice/lesson/${lessonId}`, learner)).json<{ items: { title: string }[] }>().items;

beforeAll(async () => {
  ({ t, admin, alice, bob } = await practiceTestApp({ grader: { pool: { javascriptWorkers: 1, pythonWorkers: 1 } } }));
  learner = await createUser(t.database.db);
}, 120_000);
afterAll(() => t.close());

describe('an exercise of a published lesson', () => {
  it('keeps its live version (reads, list, hidden tests graded) until Update, which keeps a revision', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const created = await newExercise(`lessons/${lesson._id}`);
    expect(created).toMatchObject({ valid: true, hasChanges: false, published: { title: 'Double it' } });

    const stricter = [
      ...exerciseBody().tests,
      { name: 'doubles 0', code: 'assert.equal(double(0), 0);', hidden: true },
    ];
    const res = await call(t.app, 'PATCH', `/api/studio/exercises/${created._id}`, alice, {
      title: 'Double it twice',
      tests: stricter,
      version: created.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = studioExercise.parse(res.json());
    expect(saved).toMatchObject({
      title: 'Double it twice',
      valid: true,
      hasChanges: true,
      published: { title: 'Double it' },
      version: created.version + 1,
    });
    expect(saved.tests.map((test) => test.name)).toEqual(['doubles 2', 'doubles 21', 'doubles 0']);

    // Learners: the live title, its one hidden test, and a verdict on the live tests only.
    expect((await learnerExercise(created._id)).json()).toMatchObject({ title: 'Double it', hiddenTests: 1 });
    expect((await learnerList(lesson._id)).map((item) => item.title)).toEqual(['Double it']);
    const before = await call(t.app, 'POST', `/api/exercises/${created._id}/submissions`, learner, {
      code: CODE_FOR_LIVE_TESTS,
    });
    expect(before.statusCode, before.body).toBe(200);
    const graded = submissionSchema.parse(before.json());
    expect(graded.verdict).toBe('passed');
    expect(graded.tests).toHaveLength(2);
    // The editor reads the working copy.
    expect((await call(t.app, 'GET', `/api/studio/exercises/${created._id}`, bob)).json()).toMatchObject({
      title: 'Double it twice',
      hasChanges: true,
    });

    const updated = await call(t.app, 'POST', `/api/studio/exercises/${created._id}/update`, alice, {
      version: saved.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(studioExercise.parse(updated.json())).toMatchObject({
      title: 'Double it twice',
      hasChanges: false,
      published: { title: 'Double it twice' },
    });
    expect((await learnerExercise(created._id)).json()).toMatchObject({ title: 'Double it twice', hiddenTests: 2 });
    expect((await learnerList(lesson._id)).map((item) => item.title)).toEqual(['Double it twice']);
    const other = await createUser(t.database.db);
    const after = submissionSchema.parse(
      (
        await call(t.app, 'POST', `/api/exercises/${created._id}/submissions`, other, { code: CODE_FOR_LIVE_TESTS })
      ).json(),
    );
    expect(after.verdict).toBe('failed');
    expect(after.tests).toHaveLength(3);

    const history = revisionList.parse(
      (await call(t.app, 'GET', `/api/studio/exercises/${created._id}/revisions`, alice)).json(),
    );
    expect(history.revisions.map((revision) => [revision.title, revision.by.name])).toEqual([
      ['Double it twice', 'Alice Author'],
    ]);
  }, 60_000);

  it('saves a failing working copy with its check while learners keep the valid one; Update is refused naming the test', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const created = await newExercise(`lessons/${lesson._id}`);
    const res = await call(t.app, 'PATCH', `/api/studio/exercises/${created._id}`, alice, {
      solution: 'function double(n) { return n + 2; }',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = studioExercise.parse(res.json());
    expect(saved).toMatchObject({ valid: false, hasChanges: true, check: { solutionPasses: false } });
    expect(saved.check.failures.map((failure) => failure.test)).toEqual(['doubles 21']);
    // The live exercise is still valid and visible.
    expect((await learnerExercise(created._id)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(practiceItems).where(eq(practiceItems.id, created._id));
    expect(row).toMatchObject({ valid: true, solution: 'function double(n) { return n * 2; }' });

    const refused = await errorOf(call(t.app, 'POST', `/api/studio/exercises/${created._id}/update`, alice), 409);
    expect(refused).toContain('doubles 21');
    expect((await learnerExercise(created._id)).json()).toMatchObject({ title: 'Double it' });

    const discarded = await call(t.app, 'POST', `/api/studio/exercises/${created._id}/discard`, alice, {
      version: saved.version,
    });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(studioExercise.parse(discarded.json())).toMatchObject({
      valid: true,
      hasChanges: false,
      solution: 'function double(n) { return n * 2; }',
    });
    // Nothing left to publish or discard.
    expect(await errorOf(call(t.app, 'POST', `/api/studio/exercises/${created._id}/discard`, alice), 409)).toContain(
      'no unpublished changes',
    );
    expect(await errorOf(call(t.app, 'POST', `/api/studio/exercises/${created._id}/update`, alice), 409)).toContain(
      'no unpublished changes',
    );
  }, 60_000);

  it('refuses a stale save, Update or Discard with 409, and the first save stays', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const created = await newExercise(`lessons/${lesson._id}`);
    const url = `/api/studio/exercises/${created._id}`;
    const first = await call(t.app, 'PATCH', url, alice, { title: 'Alice was here', version: created.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      await errorOf(call(t.app, 'PATCH', url, admin, { title: 'Ada too', version: created.version }), 409),
    ).toContain(`version ${created.version + 1}`);
    await errorOf(call(t.app, 'POST', `${url}/update`, alice, { version: created.version }), 409);
    await errorOf(call(t.app, 'POST', `${url}/discard`, alice, { version: created.version }), 409);
    expect((await call(t.app, 'GET', url, alice)).json()).toMatchObject({ title: 'Alice was here', hasChanges: true });
    expect((await learnerExercise(created._id)).json()).toMatchObject({ title: 'Double it' });
  }, 60_000);

  it('lets only the owner’s author and admins write: another author and a learner 403, no token 401', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const created = await newExercise(`lessons/${lesson._id}`);
    const url = `/api/studio/exercises/${created._id}`;
    expect((await call(t.app, 'PATCH', url, alice, { title: 'Changed' })).statusCode).toBe(200);
    for (const user of [bob, learner]) {
      await errorOf(call(t.app, 'PATCH', url, user, { title: 'Not mine' }), 403);
      await errorOf(call(t.app, 'POST', `${url}/update`, user), 403);
      await errorOf(call(t.app, 'POST', `${url}/discard`, user), 403);
    }
    await errorOf(call(t.app, 'GET', `${url}/revisions`, learner), 403);
    await errorOf(call(t.app, 'POST', `${url}/update`), 401);
    await errorOf(call(t.app, 'GET', `${url}/revisions`), 401);
    expect((await learnerExercise(created._id)).json()).toMatchObject({ title: 'Double it' });
    // An admin may publish anyone's changes.
    expect((await call(t.app, 'POST', `${url}/update`, admin)).statusCode).toBe(200);
    expect((await learnerExercise(created._id)).json()).toMatchObject({ title: 'Changed' });
  }, 60_000);
});

describe('a quiz of a published tutorial', () => {
  it('keeps the live questions for attempts until Update; Restore brings back a published version', async () => {
    const tutorial = await ownTutorial(t.database.db, alice);
    const created = studioQuiz.parse(
      (await call(t.app, 'POST', `/api/studio/tutorials/${tutorial._id}/quizzes`, alice, quizOf())).json(),
    );
    const url = `/api/studio/quizzes/${created._id}`;
    const saved = studioQuiz.parse((await call(t.app, 'PATCH', url, alice, quizOf('Second quiz'))).json());
    expect(saved).toMatchObject({ title: 'Second quiz', hasChanges: true, published: { title: 'Check yourself' } });
    // Learners answer the live questions (the working copy's have new ids).
    const live = (await call(t.app, 'GET', `/api/quizzes/${created._id}`, learner)).json<{
      title: string;
      questions: { _id: string; choices: { _id: string }[] }[];
    }>();
    expect(live.title).toBe('Check yourself');
    expect(live.questions[0]._id).toBe(created.questions[0]._id);
    const attempt = await call(t.app, 'POST', `/api/quizzes/${created._id}/attempts`, learner, {
      answers: [{ questionId: live.questions[0]._id, choiceIds: [created.questions[0].choices[1]._id] }],
    });
    expect(attempt.json()).toMatchObject({ score: 1, passed: true });
    const list = await call(t.app, 'GET', `/api/practice/tutorial/${tutorial._id}`, learner);
    expect(list.json<{ items: { title: string }[] }>().items.map((item) => item.title)).toEqual(['Check yourself']);

    expect((await call(t.app, 'POST', `${url}/update`, alice)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/quizzes/${created._id}`)).json()).toMatchObject({ title: 'Second quiz' });
    await call(t.app, 'PATCH', url, alice, quizOf('Third quiz'));
    expect((await call(t.app, 'POST', `${url}/update`, alice)).statusCode).toBe(200);

    const history = revisionList.parse((await call(t.app, 'GET', `${url}/revisions`, alice)).json());
    expect(history.revisions.map((revision) => revision.title)).toEqual(['Third quiz', 'Second quiz']);
    const restored = await call(t.app, 'POST', `${url}/revisions/${history.revisions[1]._id}/restore`, alice);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(studioQuiz.parse(restored.json())).toMatchObject({ title: 'Second quiz', hasChanges: true });
    expect((await call(t.app, 'GET', `/api/quizzes/${created._id}`)).json()).toMatchObject({ title: 'Third quiz' });
    expect((await call(t.app, 'POST', `${url}/update`, alice)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/quizzes/${created._id}`)).json()).toMatchObject({ title: 'Second quiz' });

    // Deleting the quiz takes its history with it.
    expect((await call(t.app, 'DELETE', url, alice)).statusCode).toBe(200);
    const kept = await t.database.db.select().from(contentRevisions).where(eq(contentRevisions.itemId, created._id));
    expect(kept).toEqual([]);
  });

  it('folds the working copy into the quiz when its tutorial is unpublished (a draft has none)', async () => {
    const tutorial = await ownTutorial(t.database.db, alice);
    const created = studioQuiz.parse(
      (await call(t.app, 'POST', `/api/studio/tutorials/${tutorial._id}/quizzes`, alice, quizOf())).json(),
    );
    await call(t.app, 'PATCH', `/api/studio/quizzes/${created._id}`, alice, { title: 'Unfinished' });
    const studioTutorial = (await call(t.app, 'GET', `/api/studio/tutorials/${tutorial._id}`, alice)).json<{
      version: number;
    }>();
    const off = await call(t.app, 'PATCH', `/api/studio/tutorials/${tutorial._id}`, alice, {
      status: 'draft',
      version: studioTutorial.version,
    });
    expect(off.statusCode, off.body).toBe(200);
    const quiz = studioQuiz.parse((await call(t.app, 'GET', `/api/studio/quizzes/${created._id}`, alice)).json());
    expect(quiz).toMatchObject({ title: 'Unfinished', hasChanges: false, published: null });
    const [row] = await t.database.db.select().from(practiceItems).where(eq(practiceItems.id, created._id));
    expect(row).toMatchObject({ title: 'Unfinished', working: null });
    // A draft's item is saved as it is; there is nothing to update.
    const saved = await call(t.app, 'PATCH', `/api/studio/quizzes/${created._id}`, alice, { title: 'Draft edit' });
    expect(saved.json()).toMatchObject({ title: 'Draft edit', hasChanges: false, published: null });
    await errorOf(call(t.app, 'POST', `/api/studio/quizzes/${created._id}/update`, alice), 409);
  });
});

// The Studio's practice calls: the role matrix (no token 401, a learner 403, an author on another author's lesson or
// tutorial 403, an author on their own and an admin 200), quizzes written and validated, items put in order, the
// audit trail, and the learners' reads following each change at once (the read cache is cleared).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioPracticeItems, studioQuiz } from '../../../shared/practice';
import { auditLog } from '../../db/schema';
import { createExercise, createQuiz, createUser, type TestUser } from '../../test/factories';
import { call, errorOf, type Method } from '../../test/kit';
import { ownLesson, ownTutorial, practiceTestApp, quizBody } from './practice-test-kit';

let t: Awaited<ReturnType<typeof practiceTestApp>>['t'];
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let learner: TestUser;
let aliceLesson: { _id: string };
let aliceTutorial: { _id: string };

beforeAll(async () => {
  ({ t, admin, alice, bob } = await practiceTestApp());
  learner = await createUser(t.database.db);
  aliceLesson = await ownLesson(t.database.db, alice);
  aliceTutorial = await ownTutorial(t.database.db, alice);
});
afterAll(() => t.close());

describe('the role matrix', () => {
  interface Case {
    name: string;
    /** Makes what the call acts on (on Alice's lesson or tutorial) and answers the request. */
    prepare(): Promise<{ method: Method; url: string; payload?: object }>;
  }
  const quizOn = (owner: 'lesson' | 'tutorial') =>
    owner === 'lesson'
      ? createQuiz(t.database.db, { lessonId: aliceLesson._id })
      : createQuiz(t.database.db, { tutorialId: aliceTutorial._id });
  const cases: Case[] = [];
  for (const [path, owner] of [
    ['lessons', 'lesson'],
    ['tutorials', 'tutorial'],
  ] as const) {
    const ownerId = () => (owner === 'lesson' ? aliceLesson._id : aliceTutorial._id);
    cases.push(
      {
        name: `POST /api/studio/${path}/{id}/quizzes`,
        prepare: async () => ({ method: 'POST', url: `/api/studio/${path}/${ownerId()}/quizzes`, payload: quizBody() }),
      },
      {
        name: `GET /api/studio/${path}/{id}/practice`,
        prepare: async () => ({ method: 'GET', url: `/api/studio/${path}/${ownerId()}/practice` }),
      },
      {
        name: `PUT /api/studio/${path}/{id}/practice-order`,
        prepare: async () => {
          const items = studioPracticeItems.parse(
            (await call(t.app, 'GET', `/api/studio/${path}/${ownerId()}/practice`, admin)).json(),
          ).items;
          return {
            method: 'PUT',
            url: `/api/studio/${path}/${ownerId()}/practice-order`,
            payload: { ids: items.map((item) => item._id).reverse() },
          };
        },
      },
      {
        name: `PATCH /api/studio/quizzes/{id} (${owner})`,
        prepare: async () => ({
          method: 'PATCH',
          url: `/api/studio/quizzes/${(await quizOn(owner)).id}`,
          payload: { title: 'Renamed' },
        }),
      },
      {
        name: `DELETE /api/studio/quizzes/{id} (${owner})`,
        prepare: async () => ({ method: 'DELETE', url: `/api/studio/quizzes/${(await quizOn(owner)).id}` }),
      },
      {
        name: `DELETE /api/studio/exercises/{id} (${owner})`,
        prepare: async () => {
          const exercise = await createExercise(
            t.database.db,
            owner === 'lesson' ? { lessonId: aliceLesson._id } : { tutorialId: aliceTutorial._id },
          );
          return { method: 'DELETE', url: `/api/studio/exercises/${exercise.id}` };
        },
      },
    );
  }
  cases.push(
    {
      name: 'GET /api/studio/quizzes/{id}',
      prepare: async () => ({ method: 'GET', url: `/api/studio/quizzes/${(await quizOn('lesson')).id}` }),
    },
    {
      name: 'GET /api/studio/exercises/{id}',
      prepare: async () => ({
        method: 'GET',
        url: `/api/studio/exercises/${(await createExercise(t.database.db, { lessonId: aliceLesson._id })).id}`,
      }),
    },
  );

  for (const c of cases) {
    it(`${c.name}: no token 401, a learner 403, another author 403 on writes, the author and an admin 200`, async () => {
      const { method, url, payload } = await c.prepare();
      await errorOf(call(t.app, method, url, undefined, payload), 401);
      expect(await errorOf(call(t.app, method, url, learner, payload), 403)).toBe(
        'The Studio is for authors and admins',
      );
      const isRead = method === 'GET';
      const other = await call(t.app, method, url, bob, payload);
      expect(other.statusCode, other.body).toBe(isRead ? 200 : 403);
      if (!isRead) expect(errorOf(other)).toContain('Only its author or an admin can change');
      const own = await call(t.app, method, url, alice, payload);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      if (method !== 'DELETE') {
        const byAdmin = await call(t.app, method, url, admin, method === 'PUT' ? await reorderAgain(url) : payload);
        expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      }
    });
  }

  /** The current items of the owner a practice-order URL names, reversed. */
  async function reorderAgain(url: string) {
    const items = studioPracticeItems.parse(
      (await call(t.app, 'GET', url.replace('practice-order', 'practice'), admin)).json(),
    ).items;
    return { ids: items.map((item) => item._id).reverse() };
  }
});

describe('quizzes in the Studio', () => {
  it('creates a quiz with ids for questions and choices, readable by learners at once', async () => {
    const res = await call(t.app, 'POST', `/api/studio/lessons/${aliceLesson._id}/quizzes`, alice, quizBody());
    expect(res.statusCode, res.body).toBe(200);
    const created = studioQuiz.parse(res.json());
    expect(created).toMatchObject({ kind: 'quiz', title: 'Check yourself', passMark: 60, version: 1 });
    expect(created.questions[0].choices.map((c) => c.correct)).toEqual([false, true]);
    const list = await call(t.app, 'GET', `/api/practice/lesson/${aliceLesson._id}`);
    expect(list.json<{ items: { _id: string }[] }>().items.map((item) => item._id)).toContain(created._id);
    const read = await call(t.app, 'GET', `/api/quizzes/${created._id}`);
    expect(read.json()).toMatchObject({ title: 'Check yourself', passMark: 60 });
  });

  it('defaults the pass mark to 70', async () => {
    const res = await call(t.app, 'POST', `/api/studio/tutorials/${aliceTutorial._id}/quizzes`, alice, {
      ...quizBody(),
      passMark: undefined,
    });
    expect(studioQuiz.parse(res.json()).passMark).toBe(70);
  });

  it('refuses a question with no correct choice, too few choices, two correct single answers and a bad pass mark', async () => {
    const url = `/api/studio/lessons/${aliceLesson._id}/quizzes`;
    const question = quizBody().questions[0];
    const noCorrect = { ...question, choices: question.choices.map((c) => ({ ...c, correct: false })) };
    expect(await errorOf(call(t.app, 'POST', url, alice, quizBody({ questions: [noCorrect] })), 400)).toContain(
      'at least one correct choice',
    );
    const oneChoice = { ...question, choices: [question.choices[1]] };
    expect(await errorOf(call(t.app, 'POST', url, alice, quizBody({ questions: [oneChoice] })), 400)).toContain(
      '2 to 8 choices',
    );
    const twoRight = { ...question, choices: question.choices.map((c) => ({ ...c, correct: true })) };
    expect(await errorOf(call(t.app, 'POST', url, alice, quizBody({ questions: [twoRight] })), 400)).toContain(
      'exactly one correct choice',
    );
    expect(await errorOf(call(t.app, 'POST', url, alice, quizBody({ passMark: 101 })), 400)).toContain('passMark');
    expect(await errorOf(call(t.app, 'POST', url, alice, quizBody({ questions: [] })), 400)).toContain(
      'at least one question',
    );
  });

  it('edits on the version seen: a stale version is 409; a learner sees the change once it is updated', async () => {
    const created = studioQuiz.parse(
      (await call(t.app, 'POST', `/api/studio/lessons/${aliceLesson._id}/quizzes`, alice, quizBody())).json(),
    );
    expect((await call(t.app, 'GET', `/api/quizzes/${created._id}`)).json()).toMatchObject({ title: 'Check yourself' });
    const saved = await call(t.app, 'PATCH', `/api/studio/quizzes/${created._id}`, alice, { title: 'Two', version: 1 });
    expect(saved.json()).toMatchObject({ title: 'Two', version: 2, hasChanges: true });
    expect(
      await errorOf(call(t.app, 'PATCH', `/api/studio/quizzes/${created._id}`, alice, { version: 1 }), 409),
    ).toContain('version 2');
    expect((await call(t.app, 'GET', `/api/quizzes/${created._id}`)).json()).toMatchObject({ title: 'Check yourself' });
    expect((await call(t.app, 'POST', `/api/studio/quizzes/${created._id}/update`, alice)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/quizzes/${created._id}`)).json()).toMatchObject({ title: 'Two' });
    await call(t.app, 'DELETE', `/api/studio/quizzes/${created._id}`, alice);
    await errorOf(call(t.app, 'GET', `/api/quizzes/${created._id}`), 404);
    await errorOf(call(t.app, 'GET', `/api/studio/quizzes/${created._id}`, alice), 404);
  });

  it('answers 404 for unknown items and owners', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await errorOf(call(t.app, 'GET', `/api/studio/quizzes/${id}`, admin), 404);
      await errorOf(call(t.app, 'GET', `/api/studio/exercises/${id}`, admin), 404);
      await errorOf(call(t.app, 'PATCH', `/api/studio/quizzes/${id}`, admin, { title: 'x' }), 404);
      await errorOf(call(t.app, 'DELETE', `/api/studio/exercises/${id}`, admin), 404);
      expect(await errorOf(call(t.app, 'POST', `/api/studio/lessons/${id}/quizzes`, admin, quizBody()), 404)).toBe(
        'Lesson not found',
      );
      expect(await errorOf(call(t.app, 'GET', `/api/studio/tutorials/${id}/practice`, admin), 404)).toBe(
        'Tutorial not found',
      );
    }
  });
});

describe('practice order', () => {
  it('puts the items in the order given, and refuses a list that is not all of them once', async () => {
    const lesson = await ownLesson(t.database.db, alice);
    const a = await createQuiz(t.database.db, { lessonId: lesson._id, position: 0 });
    const b = await createExercise(t.database.db, { lessonId: lesson._id, position: 1 });
    const c = await createQuiz(t.database.db, { lessonId: lesson._id, position: 2 });
    const url = `/api/studio/lessons/${lesson._id}/practice-order`;
    const res = await call(t.app, 'PUT', url, alice, { ids: [c.id, a.id, b.id.toUpperCase()] });
    expect(res.statusCode, res.body).toBe(200);
    expect(studioPracticeItems.parse(res.json()).items.map((item) => item._id)).toEqual([c.id, a.id, b.id]);
    const learnerList = await call(t.app, 'GET', `/api/practice/lesson/${lesson._id}`);
    expect(learnerList.json<{ items: { _id: string }[] }>().items.map((item) => item._id)).toEqual([c.id, a.id, b.id]);
    expect(await errorOf(call(t.app, 'PUT', url, alice, { ids: [c.id, a.id] }), 400)).toContain('missing items');
    expect(await errorOf(call(t.app, 'PUT', url, alice, { ids: [c.id, a.id, b.id, b.id] }), 400)).toContain(
      'duplicate ids',
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lesson._id), eq(auditLog.action, 'reorder-practice')));
    expect(entry).toMatchObject({ action: 'reorder-practice', entity: 'lesson', actorName: 'Alice Author' });
  });
});

describe('the audit trail', () => {
  it('records quiz creates, edits and deletes with their titles', async () => {
    const created = studioQuiz.parse(
      (await call(t.app, 'POST', `/api/studio/tutorials/${aliceTutorial._id}/quizzes`, alice, quizBody())).json(),
    );
    await call(t.app, 'PATCH', `/api/studio/quizzes/${created._id}`, alice, { title: 'Renamed quiz' });
    await call(t.app, 'DELETE', `/api/studio/quizzes/${created._id}`, admin);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created._id))
      .orderBy(auditLog.at);
    expect(entries.map((e) => [e.action, e.entity, e.beforeTitle, e.afterTitle])).toEqual([
      ['create', 'quiz', null, 'Check yourself'],
      ['update', 'quiz', 'Check yourself', 'Renamed quiz'],
      ['delete', 'quiz', 'Renamed quiz', null],
    ]);
    const listed = await call(t.app, 'GET', '/api/studio/audit', admin);
    expect(listed.statusCode).toBe(200);
  });
});

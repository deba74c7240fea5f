// An exercise's or a quiz's draft or working copy can be previewed as its page will show it: in the shape of the
// learner's read (never a hidden test's code, the solution nor a quiz's answers), by its owner's author and admins
// (another author 403, signed out 401), or by anyone holding a preview link until it expires or is revoked; previews
// are never cached nor indexed, while learners keep the live version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exercise as exerciseSchema,
  type ExerciseInput,
  quiz as quizSchema,
  studioExercise,
  studioQuiz,
} from '../../../shared/practice';
import { PREVIEW_LINK_TTL_MS, previewLink } from '../../../shared/studio-revisions';
import { createPageRenderer } from '../../../web/entry-server';
import { createUser, type TestUser } from '../../test/factories';
import { call, errorOf } from '../../test/kit';
import { ownLesson, ownTutorial, practiceTestApp, quizBody } from './practice-test-kit';

const SITE = 'https://devcourses.example';
/** In the hidden test's code and the solution only: never in a preview. */
const SECRET = 'Quokkasecret';

let t: Awaited<ReturnType<typeof practiceTestApp>>['t'];
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let learner: TestUser;
/** The preview links' clock: tests move it past a link's expiry. */
let clock = Date.now();

const exerciseBody = (overrides: Partial<ExerciseInput> = {}): ExerciseInput => ({
  title: 'Double it',
  prompt: '<p>Write double(n).</p>',
  language: 'javascript',
  starterCode: 'function double(n) { return n; }',
  solution: `function double(n) { /* ${SECRET} */ return n * 2; }`,
  tests: [
    { name: 'doubles 2', code: 'assert.equal(double(2), 4);', hidden: false },
    { name: 'doubles 21', code: `assert.equal(double(21), 42); // ${SECRET}`, hidden: true },
  ],
  ...overrides,
});

beforeAll(async () => {
  ({ t, admin, alice, bob } = await practiceTestApp({
    grader: { pool: { javascriptWorkers: 1, pythonWorkers: 1 } },
    render: createPageRenderer,
    config: { publicUrl: SITE },
    studio: { now: () => clock },
  }));
  learner = await createUser(t.database.db);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => call(t.app, 'GET', url, user);

/** Alice's exercise in a lesson of hers (published unless said otherwise). */
async function newExercise(status: 'draft' | 'published' = 'published') {
  const lesson = await ownLesson(t.database.db, alice, status);
  const res = await call(t.app, 'POST', `/api/studio/lessons/${lesson._id}/exercises`, alice, exerciseBody());
  expect(res.statusCode, res.body).toBe(200);
  return studioExercise.parse(res.json());
}

/** An exercise of a published lesson whose working copy has a new title and prompt. */
async function exerciseWithChanges() {
  const created = await newExercise();
  const saved = await call(t.app, 'PATCH', `/api/studio/exercises/${created._id}`, alice, {
    title: 'Double it, revised',
    prompt: '<p>Return twice n.</p>',
    version: created.version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(studioExercise.parse(saved.json())).toMatchObject({ hasChanges: true, published: { title: 'Double it' } });
  return created;
}

describe('an exercise preview', () => {
  it('shows its author and admins the working copy as its page will, while learners keep the live one', async () => {
    const created = await exerciseWithChanges();
    for (const user of [alice, admin]) {
      const res = await get(`/api/preview/exercises/${created._id}`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      const preview = exerciseSchema.parse(res.json());
      expect(preview).toMatchObject({
        _id: created._id,
        title: 'Double it, revised',
        prompt: '<p>Return twice n.</p>',
        starterCode: 'function double(n) { return n; }',
        hiddenTests: 1,
        savedCode: null,
        passed: false,
        lessonId: created.lessonId,
      });
      expect(preview.courseId).toEqual(expect.any(String));
      expect(preview.tests.map((test) => test.name)).toEqual(['doubles 2']);
      // Like the learner's read: neither a hidden test's code nor the solution.
      expect(res.body).not.toContain(SECRET);
    }
    const live = await get(`/api/exercises/${created._id}`, learner);
    expect(live.json()).toMatchObject({ title: 'Double it', prompt: '<p>Write double(n).</p>' });
  }, 60_000);

  it('is refused to another author (403), a learner (403) and anyone signed out without a link (401)', async () => {
    const created = await exerciseWithChanges();
    const url = `/api/preview/exercises/${created._id}`;
    expect(await errorOf(get(url, bob), 403)).toMatch(/Only its author or an admin/);
    expect(await errorOf(get(url, learner), 403)).toMatch(/author or an admin/);
    const signedOut = await get(url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    expect(signedOut.json<{ error: string }>().error).toMatch(/preview link/);
    expect((await get('/api/preview/exercises/not-an-id', alice)).statusCode).toBe(404);
  }, 60_000);

  it('previews an exercise of a draft lesson, which learners do not see', async () => {
    const created = await newExercise('draft');
    expect((await get(`/api/exercises/${created._id}`, learner)).statusCode).toBe(404);
    const preview = exerciseSchema.parse((await get(`/api/preview/exercises/${created._id}`, alice)).json());
    expect(preview.title).toBe('Double it');
  }, 60_000);

  it('is served as the app shell at /preview/exercise/{id}: never cached, never indexed', async () => {
    const created = await exerciseWithChanges();
    const page = await get(`/preview/exercise/${created._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).not.toContain('Double it, revised');
  }, 60_000);

  it('works signed out with a preview link for 24 hours, then not; a revoke ends every link', async () => {
    clock = Date.now();
    const created = await exerciseWithChanges();
    const linkOf = async (user: TestUser = alice) => {
      const res = await call(t.app, 'POST', `/api/studio/exercises/${created._id}/preview-link`, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return previewLink.parse(res.json());
    };
    expect(
      await errorOf(call(t.app, 'POST', `/api/studio/exercises/${created._id}/preview-link`, bob), 403),
    ).toBeTruthy();
    const link = await linkOf();
    expect(Date.parse(link.expiresAt)).toBe(clock + PREVIEW_LINK_TTL_MS);
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe(`${SITE}/preview/exercise/${created._id}`);
    const token = url.searchParams.get('token') ?? '';
    const open = (withToken = token) =>
      get(`/api/preview/exercises/${created._id}?token=${encodeURIComponent(withToken)}`);

    const signedOut = await open();
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    expect(signedOut.headers['x-robots-tag']).toBe('noindex');
    expect(exerciseSchema.parse(signedOut.json()).title).toBe('Double it, revised');
    expect(signedOut.body).not.toContain(SECRET);
    // A link is for its own item only.
    const other = await exerciseWithChanges();
    expect((await get(`/api/preview/exercises/${other._id}?token=${encodeURIComponent(token)}`)).statusCode).toBe(403);

    clock += PREVIEW_LINK_TTL_MS - 1_000;
    expect((await open()).statusCode).toBe(200);
    clock += 2_000;
    expect(await errorOf(open(), 403)).toMatch(/expired or was revoked/);

    clock = Date.now();
    const fresh = new URL((await linkOf(admin)).url).searchParams.get('token') ?? '';
    expect((await open(fresh)).statusCode).toBe(200);
    const revokeUrl = `/api/studio/exercises/${created._id}/preview-link`;
    expect((await call(t.app, 'DELETE', revokeUrl, bob)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', revokeUrl, alice)).statusCode).toBe(204);
    expect(await errorOf(open(fresh), 403)).toMatch(/expired or was revoked/);
    // The author still previews it, and the other item's links were not touched.
    expect((await get(`/api/preview/exercises/${created._id}`, alice)).statusCode).toBe(200);
  }, 60_000);
});

describe('a quiz preview', () => {
  it('shows the working copy’s questions, never which choices are right, with its own preview links', async () => {
    clock = Date.now();
    const tutorial = await ownTutorial(t.database.db, alice);
    const created = studioQuiz.parse(
      (await call(t.app, 'POST', `/api/studio/tutorials/${tutorial._id}/quizzes`, alice, quizBody())).json(),
    );
    const changed = quizBody({
      title: 'Check yourself again',
      questions: [
        {
          text: 'Pick the odd number',
          multiple: false,
          choices: [
            { text: '3', correct: true },
            { text: '4', correct: false },
          ],
          explanation: `${SECRET}: 3 is not divisible by 2`,
        },
      ],
    });
    const saved = await call(t.app, 'PATCH', `/api/studio/quizzes/${created._id}`, alice, changed);
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await get(`/api/preview/quizzes/${created._id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const preview = quizSchema.parse(res.json());
    expect(preview).toMatchObject({ title: 'Check yourself again', tutorialId: tutorial._id, passed: false });
    expect(preview.questions.map((question) => question.text)).toEqual(['Pick the odd number']);
    expect(res.body).not.toContain('correct');
    expect(res.body).not.toContain(SECRET);
    expect((await get(`/api/quizzes/${created._id}`, learner)).json()).toMatchObject({ title: 'Check yourself' });
    expect(await errorOf(get(`/api/preview/quizzes/${created._id}`, bob), 403)).toBeTruthy();

    const link = previewLink.parse(
      (await call(t.app, 'POST', `/api/studio/quizzes/${created._id}/preview-link`, alice)).json(),
    );
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe(`${SITE}/preview/quiz/${created._id}`);
    const open = () =>
      get(`/api/preview/quizzes/${created._id}?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`);
    expect((await open()).statusCode).toBe(200);
    // An exercise's link is no quiz's, and the other way round: the kind is signed too.
    expect((await get(`/api/preview/exercises/${created._id}${url.search}`)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/studio/quizzes/${created._id}/preview-link`, alice)).statusCode).toBe(
      204,
    );
    expect(await errorOf(open(), 403)).toMatch(/expired or was revoked/);
  });
});

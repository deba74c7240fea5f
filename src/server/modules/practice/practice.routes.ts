// The learner's practice calls: a lesson's or a tutorial's practice list, an exercise with its submissions and kept
// code, a visitor's code merged at login, a quiz and its attempts. Lists, exercises and quizzes read publicly (a
// token, when sent, fills `passed` and `savedCode`); everything else needs a signed-in learner. Every answer is
// private (`no-store`): it may carry the learner's own state. The public part of each read is kept in a cache
// cleared with the catalogue's (a Studio change of an item, a lesson or a tutorial clears it in every process).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract';
import {
  attemptBody,
  attemptResult,
  exercise,
  PRACTICE,
  practiceList,
  practiceMergeBody,
  practiceMergeResult,
  quiz,
  savedCodeBody,
  savedCodeResult,
  submission,
  submissionBody,
  submissionList,
} from '../../../shared/practice';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { MemoCache } from '../../lib/read-cache';
import { findUserByToken, signedInUser } from '../../plugins/current-user';
import { listSubmissions, mergeCode, saveCode, submitCode } from './exercise-submissions.service';
import { codeSizeCheck } from './code-size';
import { exerciseNotFound, type OwnerKind, ownerNotFound, quizNotFound } from './practice-items';
import {
  findVisibleItem,
  getPublicExercise,
  getPublicQuiz,
  learnerState,
  listPublicItems,
  passedAmong,
} from './practice-reads.service';
import { attemptQuiz } from './quiz-attempts.service';

/** Saves of the code in the editor per learner per minute: the editor saves a few seconds after typing stops. */
export const CODE_SAVES_PER_MINUTE = 120;
/** Quiz attempts per learner per minute. */
export const ATTEMPTS_PER_MINUTE = 30;

const tags = ['practice'];
// Any string: an id that is not a UUID names nothing and answers 404.
const idParams = z.object({ id: z.string() });
const errors = { 401: errorBody, 404: errorBody };

export const practiceRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The public part of each read, kept until the catalogue changes (cleared with the read cache in every process).
  const kept = new MemoCache<unknown>();
  app.clearWithContent(kept);
  const keep = <T>(key: string, load: () => Promise<T | null>) => kept.get(key, load) as Promise<T | null>;

  /** The caller when a valid token is sent to a public read; null otherwise (a bad token is not an error here). */
  const viewerOf = async (request: FastifyRequest) =>
    (await findUserByToken(db, request.headers['auth-token'], app.config.adminEmails))?.id ?? null;

  /** A write that may have passed an item: the learner's kept progress reads go before it answers. */
  const progressWrite = async <T>(userId: string, work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } finally {
      app.learnerProgress.forget([userId]);
    }
  };

  for (const owner of ['lesson', 'tutorial'] as const satisfies OwnerKind[]) {
    app.get(
      `/api/practice/${owner}/:id`,
      { schema: { tags, params: idParams, response: { 200: practiceList, 404: errorBody } } },
      async (request) => {
        const id = request.params.id.toLowerCase();
        const [items, viewer] = await Promise.all([
          keep(`list:${owner}:${id}`, () => listPublicItems(db, owner, id)),
          viewerOf(request),
        ]);
        if (!items) throw ownerNotFound(owner);
        const passed = viewer
          ? await passedAmong(
              db,
              viewer,
              items.map((item) => item._id),
            )
          : new Set<string>();
        return { items: items.map((item) => ({ ...item, passed: passed.has(item._id) })) };
      },
    );
  }

  app.get(
    '/api/exercises/:id',
    { schema: { tags, params: idParams, response: { 200: exercise, 404: errorBody } } },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const [found, viewer] = await Promise.all([
        keep(`exercise:${id}`, () => getPublicExercise(db, id)),
        viewerOf(request),
      ]);
      if (!found) throw exerciseNotFound();
      const mine = await learnerState(db, viewer, found._id);
      return { ...found, savedCode: mine.code, passed: mine.passed };
    },
  );

  const submissionBytes = codeSizeCheck(['code']);
  /** The exercise with every test, hidden ones too, kept like the public reads (it never leaves the server). */
  const gradedExercise = (id: string) =>
    keep(`graded:${id.toLowerCase()}`, () => findVisibleItem(db, 'exercise', id.toLowerCase()));
  app.post(
    '/api/exercises/:id/submissions',
    {
      preHandler: app.requireUser,
      preValidation: submissionBytes,
      config: perUserRateLimit(PRACTICE.submissionsPerMinute),
      schema: { tags, params: idParams, body: submissionBody, response: { 200: submission, ...errors } },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      return progressWrite(
        userId,
        submitCode(db, (run) => app.grader.grade(run), userId, request.params.id, request.body.code, gradedExercise),
      );
    },
  );

  app.get(
    '/api/exercises/:id/submissions',
    {
      preHandler: app.requireUser,
      schema: { tags, params: idParams, response: { 200: submissionList, ...errors } },
    },
    async (request) => listSubmissions(db, signedInUser(request).id, request.params.id),
  );

  app.put(
    '/api/exercises/:id/code',
    {
      preHandler: app.requireUser,
      preValidation: submissionBytes,
      config: perUserRateLimit(CODE_SAVES_PER_MINUTE),
      schema: { tags, params: idParams, body: savedCodeBody, response: { 200: savedCodeResult, ...errors } },
    },
    async (request) => saveCode(db, signedInUser(request).id, request.params.id, request.body.code),
  );

  app.post(
    '/api/practice/merge',
    {
      preHandler: app.requireUser,
      config: perUserRateLimit(CODE_SAVES_PER_MINUTE),
      schema: { tags, body: practiceMergeBody, response: { 200: practiceMergeResult, 401: errorBody } },
    },
    async (request) => mergeCode(db, signedInUser(request).id, request.body),
  );

  app.get(
    '/api/quizzes/:id',
    { schema: { tags, params: idParams, response: { 200: quiz, 404: errorBody } } },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const [found, viewer] = await Promise.all([keep(`quiz:${id}`, () => getPublicQuiz(db, id)), viewerOf(request)]);
      if (!found) throw quizNotFound();
      const mine = await learnerState(db, viewer, found._id);
      return { ...found, passed: mine.passed };
    },
  );

  app.post(
    '/api/quizzes/:id/attempts',
    {
      preHandler: app.requireUser,
      config: perUserRateLimit(ATTEMPTS_PER_MINUTE),
      schema: {
        tags,
        params: idParams,
        body: attemptBody,
        response: { 200: attemptResult, 400: errorBody, ...errors },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      return progressWrite(userId, attemptQuiz(db, userId, request.params.id, request.body));
    },
  );
};

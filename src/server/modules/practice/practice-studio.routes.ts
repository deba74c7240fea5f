// The Studio's practice calls: exercises and quizzes added to a lesson or a tutorial, read, edited, deleted and
// put in order, by authors (their own courses' lessons and their own tutorials) and admins; an item of a published
// lesson or tutorial is edited in its working copy, published by Update, dropped by Discard, with its history, and
// previewed as its page will show it (its author, admins, a preview link's holder). Like every Studio call:
// `no-store`, the Studio's body limit and per-user write limit, and each content write clears the read caches.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exercise,
  exerciseInput,
  exercisePatch,
  practiceOrderBody,
  quiz,
  quizInput,
  quizPatch,
  studioExercise,
  studioPracticeItems,
  studioQuiz,
} from '../../../shared/practice';
import { revisionActionBody, revisionList } from '../../../shared/studio-revisions';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import {
  editorOf,
  previewRoutes,
  STUDIO_BODY_BYTES_MAX,
  STUDIO_WRITES_PER_MINUTE,
  type StudioRoutesOptions,
} from '../studio';
import { codeSizeCheck } from './code-size';
import type { ExerciseToCheck } from './grading';
import type { OwnerKind } from './practice-items';
import { previewExercise, previewQuiz } from './practice-reads.service';
import * as practice from './practice-studio.service';

const tags = ['studio', 'practice'];
// Any string: an id that is not a UUID names nothing and answers 404.
const idParams = z.object({ id: z.string() });
const revisionParams = z.object({ id: z.string(), rev: z.string() });
const OWNERS = { lessons: 'lesson', tutorials: 'tutorial' } as const satisfies Record<string, OwnerKind>;

export const practiceStudioRoutes: FastifyPluginAsync<StudioRoutesOptions> = async (instance, options) => {
  const now = options.now ?? Date.now;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** A content write committed: this process's caches go now; the others hear the NOTIFY. */
  const changed = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    app.contentChanged();
    return result;
  };
  const check = (exercise: ExerciseToCheck) => app.grader.check(exercise);

  const read = { preHandler: app.requireAuthor };
  const write = {
    preHandler: app.requireAuthor,
    bodyLimit: STUDIO_BODY_BYTES_MAX,
    config: perUserRateLimit(STUDIO_WRITES_PER_MINUTE),
  };
  const exerciseWrite = { ...write, preValidation: codeSizeCheck(['starterCode', 'solution', 'tests']) };

  for (const [path, owner] of Object.entries(OWNERS)) {
    app.post(
      `/api/studio/${path}/:id/exercises`,
      { ...exerciseWrite, schema: { tags, params: idParams, body: exerciseInput, response: { 200: studioExercise } } },
      async (request) =>
        changed(practice.createExercise(db, editorOf(request), check, owner, request.params.id, request.body)),
    );
    app.post(
      `/api/studio/${path}/:id/quizzes`,
      { ...write, schema: { tags, params: idParams, body: quizInput, response: { 200: studioQuiz } } },
      async (request) => changed(practice.createQuiz(db, editorOf(request), owner, request.params.id, request.body)),
    );
    app.put(
      `/api/studio/${path}/:id/practice-order`,
      {
        ...write,
        schema: { tags, params: idParams, body: practiceOrderBody, response: { 200: studioPracticeItems } },
      },
      async (request) =>
        changed(practice.reorderItems(db, editorOf(request), owner, request.params.id, request.body.ids)),
    );
    app.get(
      `/api/studio/${path}/:id/practice`,
      { ...read, schema: { tags, params: idParams, response: { 200: studioPracticeItems } } },
      async (request) => practice.listStudioItems(db, owner, request.params.id),
    );
  }

  app.get(
    '/api/studio/exercises/:id',
    { ...read, schema: { tags, params: idParams, response: { 200: studioExercise } } },
    async (request) => practice.getStudioExercise(db, request.params.id),
  );
  app.patch(
    '/api/studio/exercises/:id',
    { ...exerciseWrite, schema: { tags, params: idParams, body: exercisePatch, response: { 200: studioExercise } } },
    async (request) => changed(practice.updateExercise(db, editorOf(request), check, request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/exercises/:id',
    { ...write, schema: { tags, params: idParams, response: { 200: studioExercise } } },
    async (request) => changed(practice.deleteExercise(db, editorOf(request), request.params.id)),
  );

  app.get(
    '/api/studio/quizzes/:id',
    { ...read, schema: { tags, params: idParams, response: { 200: studioQuiz } } },
    async (request) => practice.getStudioQuiz(db, request.params.id),
  );
  app.patch(
    '/api/studio/quizzes/:id',
    { ...write, schema: { tags, params: idParams, body: quizPatch, response: { 200: studioQuiz } } },
    async (request) => changed(practice.updateQuiz(db, editorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/studio/quizzes/:id',
    { ...write, schema: { tags, params: idParams, response: { 200: studioQuiz } } },
    async (request) => changed(practice.deleteQuiz(db, editorOf(request), request.params.id)),
  );

  // ---- published versions: Update, Discard changes, history, previews (decision 0051) ----
  const KINDS = [
    { path: 'exercises', kind: 'exercise', answer: studioExercise, publicRead: exercise, preview: previewExercise },
    { path: 'quizzes', kind: 'quiz', answer: studioQuiz, publicRead: quiz, preview: previewQuiz },
  ] as const;
  for (const { path, kind, answer, publicRead, preview } of KINDS) {
    previewRoutes(app, {
      path,
      kind,
      answer: publicRead,
      shape: (tx, state, fields) => preview(tx, state.id, fields),
      write,
      now,
      tags,
    });
    const action = {
      ...write,
      schema: { tags, params: idParams, body: revisionActionBody, response: { 200: answer } },
    };
    app.post(`/api/studio/${path}/:id/update`, action, async (request) =>
      changed(practice.publishItemChanges(db, editorOf(request), kind, request.params.id, request.body?.version)),
    );
    app.post(`/api/studio/${path}/:id/discard`, action, async (request) =>
      changed(practice.discardItemChanges(db, editorOf(request), kind, request.params.id, request.body?.version)),
    );
    app.get(
      `/api/studio/${path}/:id/revisions`,
      { ...read, schema: { tags, params: idParams, response: { 200: revisionList } } },
      async (request) => practice.listItemRevisions(db, kind, request.params.id),
    );
    app.post(
      `/api/studio/${path}/:id/revisions/:rev/restore`,
      { ...write, schema: { tags, params: revisionParams, body: revisionActionBody, response: { 200: answer } } },
      async (request) =>
        changed(
          practice.restoreItemRevision(
            db,
            editorOf(request),
            kind,
            request.params.id,
            request.params.rev,
            request.body?.version,
          ),
        ),
    );
  }
};

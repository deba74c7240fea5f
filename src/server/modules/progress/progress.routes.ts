// Learning progress calls (issue 9). Every call needs a signed-in learner and reads or writes only their own rows;
// every answer is private (`Cache-Control: no-store`), failures included.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJson } from '../../lib/http-cache';
import { z } from 'zod';
import {
  completeBody,
  courseProgress as courseProgressSchema,
  lessonProgressState,
  mergeBody,
  mergeResult,
  myLearning as myLearningSchema,
  progressReportBody,
} from '../../../shared/progress';
import { HttpError, notFound } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { signedInUser } from '../../plugins/current-user';
import {
  courseProgress,
  findLessonMeta,
  type LessonMeta,
  markComplete,
  mergeProgress,
  myLearning,
  ProgressRefusal,
  reportProgress,
  reportWriter,
} from './progress.service';
import { announcedLearners, LearnerProgressCache, PROGRESS_CHANNEL } from './progress-cache';

export interface ProgressRoutesOptions {
  /** Progress writes per learner per minute: a player reports every 10 s and on pause, end and leaving. */
  writesPerMinute?: number;
}
export const PROGRESS_WRITES_PER_MINUTE = 120;

async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ProgressRefusal) throw new HttpError(err.kind === 'invalid' ? 400 : 404, err.message);
    throw err;
  }
}

// Any string: an id that is not a UUID names nothing and answers 404.
const lessonParams = z.object({ lessonId: z.string() });

export const progressRoutes: FastifyPluginAsync<ProgressRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Reports are sent every 10 s and retried: they may commit without waiting for the disk (decision 0023).
  const { db, relaxedDb } = app.database;
  // Concurrent reports share one statement and one commit (decision 0024).
  const reports = reportWriter(relaxedDb);
  const write = {
    preHandler: app.requireUser,
    config: perUserRateLimit(options.writesPerMinute ?? PROGRESS_WRITES_PER_MINUTE),
  };

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // A lesson's course and duration are read on every report: kept with the catalogue's cached reads, which every
  // content change clears (a lesson deleted, unpublished or given a duration is seen at once).
  const lessonMeta = async (lessonId: string): Promise<LessonMeta | null> => {
    const json = await app.readCache.get(`progress-lesson:${lessonId.toLowerCase()}`, () =>
      findLessonMeta(db, lessonId),
    );
    return json === null ? null : (JSON.parse(json) as LessonMeta);
  };

  // Each learner's progress reads, kept until they write or the catalogue changes (decision 0024). A write forgets
  // its learner here before it answers; other processes forget when its announcement arrives.
  const kept = new LearnerProgressCache();
  app.clearWithContent({ clear: () => kept.clear(), setEnabled: (on) => kept.setListening('content', on) });
  const unlisten = await app.database.listen(PROGRESS_CHANNEL, {
    onNotify: (payload) => {
      const learners = announcedLearners(payload);
      if (learners === 'everyone') kept.clear();
      else kept.forget(learners);
    },
    onConnected: (connected) => {
      if (!connected) app.log.warn('progress notifications lost: progress reads are not kept until they are back');
      kept.setListening('progress', connected);
    },
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });
  /** A write of the learner's progress: whatever became of it, what was kept for them goes before it answers. */
  const writing = async <T>(userId: string, work: Promise<T>): Promise<T> => {
    try {
      return await answer(work);
    } finally {
      kept.forget([userId]);
    }
  };

  app.put(
    '/api/progress/:lessonId',
    { ...write, schema: { params: lessonParams, body: progressReportBody, response: { 200: lessonProgressState } } },
    async (request) => {
      const user = signedInUser(request);
      const lesson = await lessonMeta(request.params.lessonId);
      const result = await writing(user.id, reportProgress(db, reports, user.id, lesson, request.body));
      if (result.learnedDuration) app.contentChanged();
      return result.state;
    },
  );

  app.put(
    '/api/progress/:lessonId/complete',
    { ...write, schema: { params: lessonParams, body: completeBody, response: { 200: lessonProgressState } } },
    async (request) => {
      const user = signedInUser(request);
      const lesson = await lessonMeta(request.params.lessonId);
      return writing(user.id, markComplete(db, user.id, lesson, request.body.completed));
    },
  );

  app.post(
    '/api/progress/merge',
    { ...write, schema: { body: mergeBody, response: { 200: mergeResult } } },
    async (request) => {
      const user = signedInUser(request);
      const { learnedDuration, ...result } = await writing(
        user.id,
        mergeProgress(db, user.id, request.body, lessonMeta),
      );
      if (learnedDuration) app.contentChanged();
      return result;
    },
  );

  app.get(
    '/api/progress/course/:courseId',
    {
      preHandler: app.requireUser,
      schema: { params: z.object({ courseId: z.string() }), response: { 200: courseProgressSchema } },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const { courseId } = request.params;
      const json = await kept.get(userId, `course:${courseId.toLowerCase()}`, () =>
        courseProgress(db, userId, courseId),
      );
      if (json === null) throw notFound('Course not found');
      return sendJson(reply, json);
    },
  );

  app.get(
    '/api/progress',
    { preHandler: app.requireUser, schema: { response: { 200: myLearningSchema } } },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      return sendJson(reply, await kept.get(userId, 'learning', () => myLearning(db, userId)));
    },
  );
};

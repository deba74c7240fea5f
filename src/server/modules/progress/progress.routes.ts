// Learning progress calls. Every call needs a signed-in learner and reads or writes only their own rows;
// every answer is private (`Cache-Control: no-store`, failures included: the app's default for every answer that sets
// no policy of its own, plugins/private-by-default.ts, and the tests hold these calls to it).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JSON_TYPE, PRIVATE_CACHE_CONTROL, sentHeaders } from '../../lib/http-cache';
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
import { notFound } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { answerSerializer, MemoCache } from '../../lib/read-cache';
import { signedInUser } from '../../plugins/current-user';
import { courseKey, LEARNING_KEY, progressReadKey } from './progress-cache';
import { courseProgress, myLearning } from './progress-reads.service';
import { markComplete, mergeProgress, reportProgress, reportWriter } from './progress-writes.service';
import { findLessonMeta, type LessonMeta } from './progress.service';

export interface ProgressRoutesOptions {
  /** Progress writes per learner per minute: a player reports every 10 s and on pause, end and leaving. */
  writesPerMinute?: number;
}
export const PROGRESS_WRITES_PER_MINUTE = 120;

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

  // A lesson's course and duration are read on every report: kept until the catalogue changes, cleared with its
  // cached reads (a lesson deleted, unpublished or given a duration is seen at once).
  const lessons = new MemoCache<LessonMeta>();
  app.clearWithContent(lessons);
  const lessonMeta = (lessonId: string): Promise<LessonMeta | null> =>
    lessons.get(lessonId.toLowerCase(), () => findLessonMeta(db, lessonId));

  // Each learner's progress reads, kept until they write or the catalogue changes (plugins/learner-progress.ts).
  const kept = app.learnerProgress;
  /** Answers a kept read; asked at its own address, how it goes out is kept beside it, and the learner's next request
   *  for it is answered before Fastify sees it (learner-answers.ts). */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, userId: string, key: string, json: string) => {
    reply.type(JSON_TYPE).header('cache-control', PRIVATE_CACHE_CONTROL);
    if (progressReadKey(request.url) === key) kept.keepAnswer(userId, key, json, sentHeaders(reply));
    return reply.send(json);
  };
  /** A write of the learner's progress: whatever became of it, what was kept for them goes before it answers. */
  const writing = async <T>(userId: string, work: Promise<T>): Promise<T> => {
    try {
      return await work;
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
      return writing(user.id, reportProgress(reports, user.id, lesson, request.body, db));
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
      return writing(user.id, mergeProgress(db, user.id, request.body, lessonMeta));
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
      const key = courseKey(courseId);
      const json = await kept.get(userId, key, answerSerializer(reply), () => courseProgress(db, userId, courseId));
      if (json === null) throw notFound('Course not found');
      return sendKept(request, reply, userId, key, json);
    },
  );

  app.get(
    '/api/progress',
    { preHandler: app.requireUser, schema: { response: { 200: myLearningSchema } } },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const json = await kept.get(userId, LEARNING_KEY, answerSerializer(reply), () => myLearning(db, userId));
      return sendKept(request, reply, userId, LEARNING_KEY, json);
    },
  );
};

// Lesson comments (the specified paths, under /api/lession like the lesson routes). Adding and deleting need a
// signed-in user; the list is public.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCommentBody, comment, getCommentsBody, idParam } from '../../../shared/contract';
import { perUserRateLimit, WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { signedInUser } from '../../plugins/current-user';
import { addLessonComment, deleteLessonComment, listLessonComments } from './lesson-comments.service';

export const lessonCommentsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.post(
    '/api/lession/addcomment',
    {
      schema: { body: addCommentBody, response: { 200: comment } },
      preHandler: app.requireUser,
      config: perUserRateLimit(WRITES_PER_MINUTE),
    },
    async (request) => {
      const user = signedInUser(request);
      return addLessonComment(db, user, request.body.lession, request.body.content);
    },
  );

  app.post(
    '/api/lession/getcomment',
    { schema: { body: getCommentsBody, response: { 200: z.array(comment) } } },
    async (request) => listLessonComments(db, request.body.lession),
  );

  app.delete(
    '/api/lession/deletecomment/:id',
    {
      schema: { params: z.object({ id: idParam }), response: { 200: comment } },
      preHandler: app.requireUser,
      config: perUserRateLimit(WRITES_PER_MINUTE),
    },
    async (request) => deleteLessonComment(db, signedInUser(request), request.params.id),
  );
};

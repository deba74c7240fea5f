// Lesson comments (SPEC §7 paths, under /api/lession like the lesson routes). Adding and deleting need a
// signed-in user (DESIGN §4); the list is public.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCommentBody, comment, getCommentsBody, idParam } from '../../../shared/contract';
import { badRequest, forbidden, notFound } from '../../lib/errors';
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
      const result = await addLessonComment(db, user, request.body.lession, request.body.content);
      if (result.ok) return result.comment;
      if (result.reason === 'blank') throw badRequest('content is empty: write something first');
      throw notFound('Lesson not found');
    },
  );

  app.post(
    '/api/lession/getcomment',
    { schema: { body: getCommentsBody, response: { 200: z.array(comment) } } },
    async (request) => {
      const comments = await listLessonComments(db, request.body.lession);
      if (!comments) throw notFound('Lesson not found');
      return comments;
    },
  );

  app.delete(
    '/api/lession/deletecomment/:id',
    {
      schema: { params: z.object({ id: idParam }), response: { 200: comment } },
      preHandler: app.requireUser,
      config: perUserRateLimit(WRITES_PER_MINUTE),
    },
    async (request) => {
      const result = await deleteLessonComment(db, signedInUser(request), request.params.id);
      if (result.ok) return result.comment;
      if (result.reason === 'not-owner') throw forbidden('You can only delete your own comments');
      throw notFound('Comment not found');
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseCard, courseWithLessons, errorBody, lessonPage } from '../../../shared/contract';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { answerSerializer } from '../../lib/read-cache';
import { getCourseWithLessons, getLessonPage, listCourses } from './courses.service';

// Each answer is made once through its route's response schema and kept in the read cache; hits send that string.
// Ids are any string: one that is not a UUID names nothing and answers 404, never 400.
const tags = ['courses'];

export const coursesRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/api/course/getCourse',
    { schema: { tags, response: { 200: z.array(courseCard) } } },
    async (request, reply) => {
      const json = await app.readCache.get('courses', answerSerializer(reply), () => listCourses(db));
      return sendPublicJson(request, reply, json);
    },
  );

  app.get(
    '/api/lession/getLessionList/:courseId',
    {
      schema: {
        tags,
        params: z.object({ courseId: z.string() }),
        response: { 200: courseWithLessons, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { courseId } = request.params;
      const json = await app.readCache.get(`course:${courseId}`, answerSerializer(reply), () =>
        getCourseWithLessons(db, courseId),
      );
      if (json === null) throw notFound('Course not found');
      return sendPublicJson(request, reply, json);
    },
  );

  app.get(
    '/api/lession/getLession/:courseId/:lessonId',
    {
      schema: {
        tags,
        params: z.object({ courseId: z.string(), lessonId: z.string() }),
        response: { 200: lessonPage, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { courseId, lessonId } = request.params;
      const json = await app.readCache.get(`lesson:${courseId}:${lessonId}`, answerSerializer(reply), () =>
        getLessonPage(db, courseId, lessonId),
      );
      if (json === null) throw notFound('Lesson not found');
      return sendPublicJson(request, reply, json);
    },
  );
};

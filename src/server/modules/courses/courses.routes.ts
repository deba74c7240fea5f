import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { getCourseWithLessons, getLessonPage, listCourses } from './courses.service';

export const coursesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/api/course/getCourse', async (request, reply) => {
    const json = await app.readCache.get('courses', () => listCourses(db));
    return sendPublicJson(request, reply, json ?? '[]');
  });

  app.get<{ Params: { courseId: string } }>('/api/lession/getLessionList/:courseId', async (request, reply) => {
    const { courseId } = request.params;
    const json = await app.readCache.get(`course:${courseId}`, () => getCourseWithLessons(db, courseId));
    if (json === null) throw notFound('Course not found');
    return sendPublicJson(request, reply, json);
  });

  app.get<{ Params: { courseId: string; lessonId: string } }>(
    '/api/lession/getLession/:courseId/:lessonId',
    async (request, reply) => {
      const { courseId, lessonId } = request.params;
      const json = await app.readCache.get(`lesson:${courseId}:${lessonId}`, () =>
        getLessonPage(db, courseId, lessonId),
      );
      if (json === null) throw notFound('Lesson not found');
      return sendPublicJson(request, reply, json);
    },
  );
};

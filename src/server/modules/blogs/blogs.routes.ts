import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { getBlog, listBlogs } from './blogs.service';

export const blogsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/api/blog/getBlog', async (_request, reply) => {
    const json = await app.readCache.get('blogs', () => listBlogs(db));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get<{ Params: { id: string } }>('/api/blog/getBlogDetail/:id', async (request, reply) => {
    const json = await app.readCache.get(`blog:${request.params.id}`, () => getBlog(db, request.params.id));
    if (json === null) throw notFound('Blog post not found');
    return reply.type('application/json; charset=utf-8').send(json);
  });
};

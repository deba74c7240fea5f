import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { getBlog, listBlogs } from './blogs.service';

export const blogsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/api/blog/getBlog', async (request, reply) => {
    const json = await app.readCache.get('blogs', () => listBlogs(db));
    return sendPublicJson(request, reply, json ?? '[]');
  });

  app.get<{ Params: { id: string } }>('/api/blog/getBlogDetail/:id', async (request, reply) => {
    const json = await app.readCache.get(`blog:${request.params.id}`, () => getBlog(db, request.params.id));
    if (json === null) throw notFound('Blog post not found');
    return sendPublicJson(request, reply, json);
  });
};

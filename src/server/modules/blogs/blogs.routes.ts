import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blog, errorBody } from '../../../shared/contract';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { getBlog, listBlogs } from './blogs.service';

// The schemas document the answers (OpenAPI at /api/docs); the cached JSON strings are sent as they are.
const tags = ['blogs'];

export const blogsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get('/api/blog/getBlog', { schema: { tags, response: { 200: z.array(blog) } } }, async (request, reply) => {
    const json = await app.readCache.get('blogs', () => listBlogs(db));
    return sendPublicJson(request, reply, json ?? '[]');
  });

  app.get(
    '/api/blog/getBlogDetail/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: z.array(blog), 404: errorBody } } },
    async (request, reply) => {
      const json = await app.readCache.get(`blog:${request.params.id}`, () => getBlog(db, request.params.id));
      if (json === null) throw notFound('Blog post not found');
      return sendPublicJson(request, reply, json);
    },
  );
};

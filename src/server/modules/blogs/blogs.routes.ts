import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blog, errorBody } from '../../../shared/contract';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { answerSerializer } from '../../lib/read-cache';
import { getBlog, listBlogs } from './blogs.service';

// Each answer is made once through its route's response schema and kept in the read cache; hits send that string.
const tags = ['blogs'];

export const blogsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get('/api/blog/getBlog', { schema: { tags, response: { 200: z.array(blog) } } }, async (request, reply) => {
    const json = await app.readCache.get('blogs', answerSerializer(reply), () => listBlogs(db));
    return sendPublicJson(request, reply, json);
  });

  app.get(
    '/api/blog/getBlogDetail/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: z.array(blog), 404: errorBody } } },
    async (request, reply) => {
      const json = await app.readCache.get(`blog:${request.params.id}`, answerSerializer(reply), () =>
        getBlog(db, request.params.id),
      );
      if (json === null) throw notFound('Blog post not found');
      return sendPublicJson(request, reply, json);
    },
  );
};

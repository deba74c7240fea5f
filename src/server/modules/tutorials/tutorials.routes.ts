import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, tutorial } from '../../../shared/contract';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { getTutorial, listTutorials } from './tutorials.service';

// The schemas document the answers (OpenAPI at /api/docs); the cached JSON strings are sent as they are.
const tags = ['tutorials'];

export const tutorialsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/api/tutorial/getTutorial',
    { schema: { tags, response: { 200: z.array(tutorial) } } },
    async (request, reply) => {
      const json = await app.readCache.get('tutorials', () => listTutorials(db));
      return sendPublicJson(request, reply, json ?? '[]');
    },
  );

  app.get(
    '/api/tutorial/getTutorialDetail/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: z.array(tutorial), 404: errorBody } } },
    async (request, reply) => {
      const json = await app.readCache.get(`tutorial:${request.params.id}`, () => getTutorial(db, request.params.id));
      if (json === null) throw notFound('Tutorial not found');
      return sendPublicJson(request, reply, json);
    },
  );
};

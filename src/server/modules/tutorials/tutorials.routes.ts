import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, tutorial } from '../../../shared/contract';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { answerSerializer } from '../../lib/read-cache';
import { getTutorial, listTutorials } from './tutorials.service';

// Each answer is made once through its route's response schema and kept in the read cache; hits send that string.
const tags = ['tutorials'];

export const tutorialsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/api/tutorial/getTutorial',
    { schema: { tags, response: { 200: z.array(tutorial) } } },
    async (request, reply) => {
      const json = await app.readCache.get('tutorials', answerSerializer(reply), () => listTutorials(db));
      return sendPublicJson(request, reply, json);
    },
  );

  app.get(
    '/api/tutorial/getTutorialDetail/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: z.array(tutorial), 404: errorBody } } },
    async (request, reply) => {
      const json = await app.readCache.get(`tutorial:${request.params.id}`, answerSerializer(reply), () =>
        getTutorial(db, request.params.id),
      );
      if (json === null) throw notFound('Tutorial not found');
      return sendPublicJson(request, reply, json);
    },
  );
};

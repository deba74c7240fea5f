import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { getTutorial, listTutorials } from './tutorials.service';

export const tutorialsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/api/tutorial/getTutorial', async (_request, reply) => {
    const json = await app.readCache.get('tutorials', () => listTutorials(db));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get<{ Params: { id: string } }>('/api/tutorial/getTutorialDetail/:id', async (request, reply) => {
    const json = await app.readCache.get(`tutorial:${request.params.id}`, () => getTutorial(db, request.params.id));
    if (json === null) throw notFound('Tutorial not found');
    return reply.type('application/json; charset=utf-8').send(json);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { sendPublicJson } from '../../lib/http-cache';
import { getTutorial, listTutorials } from './tutorials.service';

export const tutorialsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/api/tutorial/getTutorial', async (request, reply) => {
    const json = await app.readCache.get('tutorials', () => listTutorials(db));
    return sendPublicJson(request, reply, json ?? '[]');
  });

  app.get<{ Params: { id: string } }>('/api/tutorial/getTutorialDetail/:id', async (request, reply) => {
    const json = await app.readCache.get(`tutorial:${request.params.id}`, () => getTutorial(db, request.params.id));
    if (json === null) throw notFound('Tutorial not found');
    return sendPublicJson(request, reply, json);
  });
};

// Operations: liveness (`/api/health`), readiness (`/api/ready`: the database answers and every migration
// of this build is applied; 503 while shutting down, so a load balancer stops sending work), and the OpenAPI 3
// document of every call, generated from the same zod schemas that validate and serialize them (`/api/docs`).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract';
import { healthAnswer, readyAnswer } from '../../../shared/operations';
import { readiness } from './operations.service';

/** The database must answer readiness within this; a hung connection is not ready. */
const READY_TIMEOUT_MS = 2_000;

export const operationsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];

  app.get('/api/health', { schema: { tags, response: { 200: healthAnswer } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/api/ready',
    { schema: { tags, response: { 200: readyAnswer, 503: errorBody } } },
    async (request, reply) => {
      if (app.shuttingDown) return reply.status(503).send({ error: 'Not ready: the server is shutting down' });
      let timer: NodeJS.Timeout | undefined;
      try {
        const status = await Promise.race([
          readiness(app.database),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer in time')), READY_TIMEOUT_MS);
          }),
        ]);
        if (status.pending > 0) {
          return reply.status(503).send({ error: `Not ready: ${status.pending} database migration(s) not applied` });
        }
        return { status: 'ready' as const, database: app.database.kind, migrations: status.applied };
      } catch (err) {
        request.log.warn({ err }, 'readiness: the database does not answer');
        return reply.status(503).send({ error: 'Not ready: the database does not answer' });
      } finally {
        clearTimeout(timer);
      }
    },
  );

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
};

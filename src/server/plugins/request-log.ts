// One log line per answered request instead of Fastify's two (docs/decisions/0006-request-overhead.md): the request's
// id, method, address (secrets redacted by the logger itself, lib/log-redaction.ts), status, milliseconds and, once
// a route has looked them up, the signed-in user's id. The root logger writes it with the id as a field, so a
// request that logs nothing else never makes its own child logger (lib/request-logger.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { logRequest } from '../lib/request-line';

async function requestLog(app: FastifyInstance) {
  const { log } = app;
  app.addHook('onResponse', async (request, reply) => {
    logRequest(log, {
      reqId: request.id,
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      userId: request.user?.id,
    });
  });
}

export default fp(requestLog, { name: 'request-log' });

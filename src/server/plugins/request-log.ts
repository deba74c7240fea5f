// One log line per answered request (method, url, status, milliseconds) instead of Fastify's two; the app is built
// with Fastify's own request logging off (docs/decisions/0006-request-overhead.md). Secrets in URLs are redacted
// by the logger itself (lib/log-redaction.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}

export default fp(requestLog, { name: 'request-log' });

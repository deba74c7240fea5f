// Once the app has begun to close, requests on connections still open get our own 503 `{error}` (with the security
// headers and `Retry-After`, closing the connection) rather than Fastify's bare one, and readiness says not ready.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the app has begun to close (main.ts on SIGTERM/SIGINT). */
    shuttingDown: boolean;
  }
}

async function shuttingDown(app: FastifyInstance) {
  app.decorate('shuttingDown', false);
  app.addHook('preClose', async () => {
    app.shuttingDown = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (app.shuttingDown) {
      return reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ error: 'The server is shutting down. Please try again in a moment.' });
    }
  });
}

export default fp(shuttingDown, { name: 'shutting-down' });

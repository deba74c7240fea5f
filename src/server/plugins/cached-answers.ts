// Public answers kept as the bytes sent (lib/cached-answers.ts) are answered here, by the first request hook: a kept
// answer needs no route, no database and no serializer, and it carries the security headers it was first sent with.
// It is never the answer to a request the later hooks would refuse: a kept address was answered 200, so it holds no
// NUL; and a closing app leaves every request to its refusal (plugins/shutting-down.ts), which closes the connection.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function cachedAnswers(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || app.shuttingDown) return;
    return app.cachedAnswers.answer(request, reply);
  });
}

export default fp(cachedAnswers, { name: 'cached-answers', dependencies: ['content-cache'] });

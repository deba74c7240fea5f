// Public answers kept as the bytes sent (lib/cached-answers.ts) are answered here, right after the refusals every
// request must pass (a closing server, a NUL in the address) and before a request waits for its turn: a kept answer
// needs no route, no database and no serializer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function cachedAnswers(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    return app.cachedAnswers.answer(request, reply);
  });
}

export default fp(cachedAnswers, { name: 'cached-answers', dependencies: ['content-cache'] });

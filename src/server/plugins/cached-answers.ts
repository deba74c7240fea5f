// A request the kept answers did not answer before Fastify (lib/kept-answers-first.ts) notes, in the first request
// hook, when it began: what its route answers is kept only if no content changed since (lib/cached-answers.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function cachedAnswers(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    app.cachedAnswers.begin(request);
    done();
  });
}

export default fp(cachedAnswers, { name: 'cached-answers', dependencies: ['content-cache'] });

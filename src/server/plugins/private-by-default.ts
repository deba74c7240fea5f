// Nothing may be kept by a browser or a proxy unless its route says so (lib/http-cache.ts): tokens, a user's own
// data and failures are never cached. Static files set their policy on the raw response.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRIVATE_CACHE_CONTROL } from '../lib/http-cache';

async function privateByDefault(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
  });
}

export default fp(privateByDefault, { name: 'private-by-default' });

// Every answer carries the security headers. Helmet decides them once at start-up (lib/security-headers.ts) and
// they never vary between requests, so one hook sets the fixed set (docs/decisions/0006-request-overhead.md): the
// data set for the API's answers, the document set for everything else (docs/decisions/0068). It runs before every
// refusal (shutting down, NUL, a failure), so each leaves with the headers too; only a kept answer comes before it,
// and it carries the headers it was first sent with (plugins/cached-answers.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DATA_PREFIX, type SecurityHeaderSets } from '../lib/security-headers';

export interface SecurityHeadersOptions {
  headers: SecurityHeaderSets;
}

async function securityHeaders(app: FastifyInstance, { headers: { document, data } }: SecurityHeadersOptions) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith(DATA_PREFIX) ? data : document);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

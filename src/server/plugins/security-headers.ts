// Every answer carries the security headers. Helmet decides them once at start-up (lib/security-headers.ts) and
// they never vary between requests, so one hook sets the fixed set (docs/decisions/0006-request-overhead.md). It
// runs before every refusal (shutting down, NUL, a failure), so each leaves with the headers too; only a kept answer
// comes before it, and it carries the headers it was first sent with (plugins/cached-answers.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  headers: Record<string, string>;
}

async function securityHeaders(app: FastifyInstance, { headers }: SecurityHeadersOptions) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

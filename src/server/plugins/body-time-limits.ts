// How long a client may take to send a request's body (lib/time-limits.ts; headers and idle connections are timed
// by Node, through the options Fastify is built with). A body past its limit is answered 408 `{error}` with the
// security headers, straight on the socket, and its connection closed. The timer stops when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerOnSocket } from '../lib/early-errors';
import { bodyTimeLimits as watchBodies, type TimeLimits } from '../lib/time-limits';

export interface BodyTimeLimitsOptions {
  limits: TimeLimits;
  /** The security headers, for the 408 written on the socket. */
  headers: Record<string, string>;
}

async function bodyTimeLimits(app: FastifyInstance, { limits, headers }: BodyTimeLimitsOptions) {
  const bodies = watchBodies(limits, (socket, upload, answered) => {
    const message = upload
      ? `The upload arrived too slowly: less than ${limits.uploadMinBytes / 1024} KB in ${limits.uploadWindowMs / 1000} s`
      : `The request body took over ${limits.bodyMs / 1000} s to arrive`;
    answerOnSocket(socket, headers, 408, message, undefined, answered);
  });
  app.addHook('onClose', async () => bodies.close());
  app.addHook('onRequest', async (request, reply) => {
    bodies.watch(request, reply);
  });
}

export default fp(bodyTimeLimits, { name: 'body-time-limits' });

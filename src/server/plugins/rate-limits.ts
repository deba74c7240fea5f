// Rate limits (routes opt in with `config.rateLimit`; a refusal is 429 `{error}` saying when to try again) and the
// counts of failed logins beside them (`app.loginFailures`, for the login throttle). Both live in Redis when the app
// has a client, so every process shares them, and in memory otherwise; the memory counter's sweep stops on close.
// The Redis client belongs to whoever built the app (main.ts), which disconnects it.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type FailureCounter, memoryFailureCounter, redisFailureCounter } from '../lib/failure-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed logins by account and address (lib/login-throttle.ts). */
    loginFailures: FailureCounter;
  }
}

export interface RateLimitsOptions {
  /** A shared Redis client; when absent, limits and counts are kept in memory. */
  redis?: Redis;
}

const NAME_SPACE = 'devcourses-rl:';

async function rateLimits(app: FastifyInstance, { redis }: RateLimitsOptions) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: NAME_SPACE } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  const failures = redis ? redisFailureCounter(redis, NAME_SPACE) : memoryFailureCounter();
  app.decorate('loginFailures', failures);
  app.addHook('onClose', async () => failures.close());
}

export default fp(rateLimits, { name: 'rate-limits' });

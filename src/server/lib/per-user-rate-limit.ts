// Route config for a limit counted per signed-in user (not per IP: many users may share one address).
import type { FastifyRequest } from 'fastify';

/**
 * `config` for a route with `preHandler: app.requireUser`. The limiter runs as a preHandler too, after
 * requireUser (it appends itself to the route's preHandlers), so the user is known when the key is made.
 */
export function perUserRateLimit(max: number, timeWindow: number | string = '1 minute') {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    },
  };
}

/** Writes (add or delete) per user per route per minute: generous for a person, a wall for a script. */
export const WRITES_PER_MINUTE = 30;
/** Searches per user per minute: the search box does not run per keystroke on the server faster than this. */
export const SEARCHES_PER_MINUTE = 120;

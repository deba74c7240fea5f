// Two-key rate limits for routes that take an identity in the body (login, sign-up, password reset): one budget
// per client IP and one per email address, counted in @fastify/rate-limit's store (memory, or Redis when the app
// has one, so every process shares the counts). Runs as a preHandler, after the body is parsed and validated.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Refusal } from './errors';
import { emailKey } from './login-throttle';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface DualLimit {
  perIp: Limit;
  /** Counted only when the request names an email. */
  perEmail?: Limit;
}

export function dualRateLimit(
  app: FastifyInstance,
  name: string,
  limits: DualLimit,
  emailOf: (request: FastifyRequest) => string | undefined = () => undefined,
): preHandlerAsyncHookHandler {
  const checks: ((request: FastifyRequest) => ReturnType<ReturnType<FastifyInstance['createRateLimit']>>)[] = [
    app.createRateLimit({
      max: limits.perIp.max,
      timeWindow: limits.perIp.windowMs,
      keyGenerator: (request) => `${name}:ip:${request.ip}`,
      // A store outage (Redis down) must not lock everyone out of their accounts.
      skipOnError: true,
    }),
  ];
  if (limits.perEmail) {
    checks.push(
      app.createRateLimit({
        max: limits.perEmail.max,
        timeWindow: limits.perEmail.windowMs,
        keyGenerator: (request) => `${name}:email:${emailKey(emailOf(request) ?? '')}`,
        allowList: (request) => !emailOf(request),
        skipOnError: true,
      }),
    );
  }

  return async function rateLimited(request) {
    for (const check of checks) {
      const state = await check(request);
      if (!state.isAllowed && state.isExceeded) {
        const seconds = Math.max(1, state.ttlInSeconds);
        throw new Refusal('too-many', `Too many attempts. Try again in ${describeWait(seconds)}.`, {
          'retry-after': String(seconds),
        });
      }
    }
  };
}

export const describeWait = (seconds: number) =>
  seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

// How many files one author may upload: a burst budget per minute and a budget per hour, counted per account in
// @fastify/rate-limit's store (memory, or Redis when the app has one, so every process shares the counts). It runs
// after the guard and before the body is read, so a refused upload costs no disk and no bandwidth beyond its head.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { Refusal } from '../../lib/errors';
import { describeWait } from '../../lib/rate-limit';

export interface UploadLimits {
  perMinute: number;
  perHour: number;
}

/** A course of 20 lessons (a video and captions each, and a cover) fits in an hour; a script does not get far. */
export const UPLOAD_LIMITS: UploadLimits = { perMinute: 10, perHour: 100 };

export function uploadRateLimit(app: FastifyInstance, limits: UploadLimits): preHandlerAsyncHookHandler {
  const windows = [
    { name: 'minute', max: limits.perMinute, timeWindow: 60_000 },
    { name: 'hour', max: limits.perHour, timeWindow: 3_600_000 },
  ].map(({ name, max, timeWindow }) =>
    app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => `upload-${name}:user:${request.user?.id ?? ''}`,
      // The guard lets only signed-in authors through; only a test or a bench that opens the door uploads without
      // an account, and those are not counted.
      allowList: (request) => !request.user,
      // A store outage (Redis down) must not stop authors from working.
      skipOnError: true,
    }),
  );

  return async function uploadLimited(request) {
    for (const check of windows) {
      const state = await check(request);
      if (!state.isAllowed && state.isExceeded) {
        const seconds = Math.max(1, state.ttlInSeconds);
        // The body stays unread: close the connection after answering rather than take the file.
        throw new Refusal('too-many', `Too many uploads. Try again in ${describeWait(seconds)}.`, {
          'retry-after': String(seconds),
          connection: 'close',
        });
      }
    }
  };
}

// Runs the mail outbox: drains it every `pollMs` and right after a route enqueued mail (`app.outbox.wake()`),
// never two drains at once in this process; stops and waits for the running drain on close. It also runs the
// account work a route defers until after its answer (`app.outbox.defer()`): work whose duration would tell
// whether an email has an account (docs/decisions/0010-account-discovery-and-login-throttling.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer';
import { type DrainResult, drainOutbox } from '../lib/outbox';

export interface OutboxWorkerOptions {
  /** Defaults to SMTP (config.smtpUrl) or .eml files under config.dataDir/mail. */
  mailer?: Mailer;
  /** How often due mail is looked for; 0 runs no timer and ignores wake() (tests call drain()). Default 5 s. */
  pollMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Deferred tasks allowed to wait at once; beyond it `defer` refuses (the route answers 503). Default 500. */
  maxDeferred?: number;
}

export interface OutboxHandle {
  /** Sends everything due now; waits for a drain already running first. */
  drain(): Promise<DrainResult>;
  /** Asks for a drain soon, without waiting for it. */
  wake(): void;
  /** Runs `task` once `answered` resolves (the answer has gone), then wakes the outbox; a failure is logged.
   *  Answers false, running nothing, when too many tasks are waiting already. */
  defer(name: string, task: () => Promise<unknown>, answered?: Promise<unknown>): boolean;
  /** Resolves when every deferred task has finished (tests, shutdown). `drain()` waits for it first. */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxHandle;
  }
}

async function outboxWorker(app: FastifyInstance, options: OutboxWorkerOptions) {
  const { config } = app;
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, mailFrom: config.mailFrom, log: app.log });
  const pollMs = options.pollMs ?? 5_000;
  let running: Promise<DrainResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const runOnce = (): Promise<DrainResult> =>
    drainOutbox(app.database.db, mailer, {
      retryBaseMs: options.retryBaseMs,
      retryMaxMs: options.retryMaxMs,
      stop: () => closed,
      onError: (err, row) =>
        app.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent yet; will retry'),
    });

  const deferred = new Set<Promise<unknown>>();
  const maxDeferred = options.maxDeferred ?? 500;
  const settled = async (): Promise<void> => {
    while (deferred.size) await Promise.allSettled([...deferred]);
  };
  const defer = (name: string, task: () => Promise<unknown>, answered: Promise<unknown> = Promise.resolve()) => {
    if (deferred.size >= maxDeferred) return false;
    const run = answered
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .then(
        () => schedule(0),
        (err: unknown) => app.log.error({ err }, `${name} failed after its answer`),
      )
      .finally(() => deferred.delete(run));
    deferred.add(run);
    return true;
  };

  const drain = async (): Promise<DrainResult> => {
    await settled();
    while (running) await running.catch(() => undefined);
    running = runOnce().finally(() => (running = null));
    return running;
  };

  const tick = () => {
    timer = null;
    if (closed) return;
    drain()
      .catch((err: unknown) => app.log.error({ err }, 'mail outbox drain failed'))
      .finally(() => schedule(pollMs));
  };
  const schedule = (ms: number) => {
    if (closed || pollMs <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  app.decorate('outbox', { drain, wake: () => schedule(0), defer, settled } satisfies OutboxHandle);
  app.addHook('onReady', async () => schedule(0));
  app.addHook('onClose', async () => {
    // Account work already answered for finishes (its mail waits in the table for the next drain).
    await settled();
    closed = true;
    if (timer) clearTimeout(timer);
    await running?.catch(() => undefined);
    mailer.close();
  });
}

export default fp(outboxWorker, { name: 'outbox-worker', dependencies: ['database'] });

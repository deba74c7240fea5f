// Runs the mail outbox: drains it every `pollMs` and right after a route enqueued mail (`app.outbox.wake()`),
// never two drains at once in this process; stops and waits for the running drain on close.
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
}

export interface OutboxHandle {
  /** Sends everything due now; waits for a drain already running first. */
  drain(): Promise<DrainResult>;
  /** Asks for a drain soon, without waiting for it. */
  wake(): void;
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
      onError: (err, row) =>
        app.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent yet; will retry'),
    });

  const drain = async (): Promise<DrainResult> => {
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

  app.decorate('outbox', { drain, wake: () => schedule(0) } satisfies OutboxHandle);
  app.addHook('onReady', async () => schedule(0));
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running?.catch(() => undefined);
    mailer.close();
  });
}

export default fp(outboxWorker, { name: 'outbox-worker', dependencies: ['database'] });

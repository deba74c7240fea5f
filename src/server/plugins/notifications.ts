// Notifications in this process: the open streams (modules/notifications/stream-hub.ts) fed by NOTIFY on
// NOTIFICATIONS_CHANNEL, so a notification written by any process on the same database reaches the streams open
// here within moments (on the embedded database, the one process hears its own); and the notification mail, handed
// to the outbox every `mailPollMs` (immediate mail once due, digests once their period began). While this process's
// LISTEN connection is down it could miss events: once back, every open stream catches up from its last event.
import fp from 'fastify-plugin';
import { NOTIFICATIONS } from '../../shared/notifications';
import { type MailSettings, sendDigests, sendDueMail } from '../modules/notifications/notification-mail';
import {
  EVENTS_CHANNEL,
  NOTIFICATIONS_CHANNEL,
  parseWrittenRange,
  writeQueuedEvents,
} from '../modules/notifications/fan-out';
import { itemsAfter, itemsInRange } from '../modules/notifications/notifications.service';
import { StreamHub } from '../modules/notifications/stream-hub';

export interface NotificationsOptions {
  /** How often due notification mail is looked for; 0 runs no timer (tests call runMail). Default 60 s. */
  mailPollMs?: number;
  /** Open streams per user (default NOTIFICATIONS.streamsPerUserMax). */
  streamsPerUserMax?: number;
  /** How often an idle stream sends a comment line (default NOTIFICATIONS.heartbeatMs; tests set a short one). */
  heartbeatMs?: number;
}

export interface NotificationsHandle {
  hub: StreamHub;
  heartbeatMs: number;
  /** Writes the notifications of every queued event now, and waits for those being written (tests, shutdown). */
  settled(): Promise<void>;
  /** Hands the immediate mail due at `now` and the digests of the period of `now` to the outbox (after `settled`). */
  runMail(now?: Date): Promise<{ queued: number; skipped: number; digests: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsHandle;
  }
}

export default fp<NotificationsOptions>(
  async (app, options) => {
    const { db } = app.database;
    const hub = new StreamHub(options.streamsPerUserMax);
    const settings = async (): Promise<MailSettings> => ({
      publicUrl: app.config.publicUrl,
      delayS: app.config.notifyMailDelayS,
      brand: (await app.site()).siteName,
    });
    // Queued events are written one run at a time; a NOTIFY during a run asks for one more after it.
    let writing: Promise<unknown> | null = null;
    let again = false;
    const writeEvents = (): Promise<unknown> => {
      if (writing) {
        again = true;
        return writing;
      }
      again = false;
      writing = writeQueuedEvents(db)
        .catch((err: unknown) => app.log.error({ err }, 'notification events not written yet; will retry'))
        .finally(() => {
          writing = null;
          if (again) void writeEvents();
        });
      return writing;
    };
    const idle = async () => {
      for (let run = writing; run; run = writing) await run;
    };
    const settled = async () => {
      await idle();
      await writeEvents();
      await idle();
    };
    let running: Promise<unknown> = Promise.resolve();
    const runMail = (now = new Date()) => {
      const run = running.then(async () => {
        await settled();
        const s = await settings();
        const immediate = await sendDueMail(db, s, now);
        const digests = await sendDigests(db, s, now);
        if (immediate.queued + digests > 0) app.outbox.wake();
        return { ...immediate, digests };
      });
      running = run.catch(() => undefined);
      return run;
    };
    app.decorate('notifications', {
      hub,
      heartbeatMs: options.heartbeatMs ?? NOTIFICATIONS.heartbeatMs,
      settled,
      runMail,
    } satisfies NotificationsHandle);

    const deliver = (from: number, to: number) => {
      const users = hub.users();
      if (users.length === 0) return;
      itemsInRange(db, from, to, users).then(
        (rows) => hub.deliver(rows),
        (err: unknown) => app.log.error({ err }, 'notifications not delivered to streams'),
      );
    };
    const catchUp = () => {
      for (const stream of hub.streams())
        itemsAfter(db, stream.userId, stream.lastSeq()).then(
          (rows) => rows.forEach((row) => stream.push(row)),
          (err: unknown) => app.log.error({ err }, 'notification stream not caught up'),
        );
    };
    const unlistenEvents = await app.database.listen(EVENTS_CHANNEL, {
      onNotify: () => void writeEvents(),
      // Back after a gap: write whatever was queued meanwhile.
      onConnected: (connected) => {
        if (connected) void writeEvents();
      },
    });
    let wasConnected = true;
    const unlisten = await app.database.listen(NOTIFICATIONS_CHANNEL, {
      onNotify: (payload) => {
        const range = parseWrittenRange(payload);
        if (range) deliver(range.from, range.to);
      },
      onConnected: (connected) => {
        if (!connected) app.log.warn('notification events lost: open streams catch up when they are back');
        else if (!wasConnected) catchUp();
        wasConnected = connected;
      },
    });

    const pollMs = options.mailPollMs ?? 60_000;
    let timer: NodeJS.Timeout | null = null;
    // Events queued while no process was running (a crash after the answer) are written on start.
    app.addHook('onReady', async () => {
      void writeEvents();
    });
    if (pollMs > 0) {
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          // runMail writes queued events first: the sweep behind a lost NOTIFY.
          runMail().catch((err: unknown) => app.log.error({ err }, 'notification mail failed'));
        }, pollMs);
        timer.unref();
      });
    }
    // Streams never end by themselves: end them before the server waits for its connections to close.
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      hub.closeAll();
    });
    app.addHook('onClose', async () => {
      await running;
      await idle();
      await unlisten();
      await unlistenEvents();
    });
  },
  { name: 'notifications', dependencies: ['database', 'site-settings', 'outbox-worker'] },
);

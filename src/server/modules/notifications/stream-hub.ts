// The open notification streams of this process, by user, and one server-sent-event stream on a raw response.
// A stream first replays what its Last-Event-ID missed, holding live events meanwhile, then sends both without
// duplicates (it remembers the seqs it sent). Bounded: a few streams per user (a new one closes the oldest), and a
// stream whose client does not read (more than `maxBufferedBytes` waiting) is closed rather than kept growing.
import type { ServerResponse } from 'node:http';
import { NOTIFICATIONS, STREAM_EVENT } from '../../../shared/notifications';
import { type ItemRow, toItem } from './notifications.service';

export interface NotificationStream {
  readonly userId: string;
  push(row: ItemRow): void;
  close(): void;
  /** The highest seq sent, for a catch-up after lost notifications. */
  lastSeq(): number;
}

export class StreamHub {
  private readonly byUser = new Map<string, Set<NotificationStream>>();
  private count = 0;

  constructor(private readonly perUserMax: number = NOTIFICATIONS.streamsPerUserMax) {}

  add(stream: NotificationStream): void {
    let set = this.byUser.get(stream.userId);
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    set.add(stream);
    this.count += 1;
    // Sets keep insertion order: the first is the oldest.
    while (set.size > this.perUserMax) {
      const oldest = set.values().next().value;
      if (!oldest) break;
      this.remove(oldest);
      oldest.close();
    }
  }

  remove(stream: NotificationStream): void {
    const set = this.byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    this.count -= 1;
    if (set.size === 0) this.byUser.delete(stream.userId);
  }

  users(): string[] {
    return [...this.byUser.keys()];
  }

  streams(): NotificationStream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    return this.count;
  }

  deliver(rows: ItemRow[]): void {
    for (const row of rows) for (const stream of this.byUser.get(row.recipientId) ?? []) stream.push(row);
  }

  closeAll(): void {
    for (const stream of this.streams()) {
      this.remove(stream);
      stream.close();
    }
  }
}

/** Seqs remembered per stream to drop duplicates (a replayed event arriving live too). */
const SENT_KEPT = 1_000;

export class SseStream implements NotificationStream {
  private readonly sent = new Set<number>();
  private held: ItemRow[] | null = [];
  private heartbeat: NodeJS.Timeout;
  private closed = false;
  private highest: number;

  constructor(
    readonly userId: string,
    private readonly res: ServerResponse,
    options: { lastEventId: number; heartbeatMs?: number; maxBufferedBytes?: number; onClose: () => void },
  ) {
    this.highest = options.lastEventId;
    const maxBuffered = options.maxBufferedBytes ?? 256 * 1024;
    this.maxBuffered = maxBuffered;
    this.onClose = options.onClose;
    this.heartbeat = setInterval(
      () => this.write(': keep-alive\n\n'),
      options.heartbeatMs ?? NOTIFICATIONS.heartbeatMs,
    );
    this.heartbeat.unref();
    res.on('close', () => this.close());
  }

  private readonly maxBuffered: number;
  private readonly onClose: () => void;

  lastSeq(): number {
    return this.highest;
  }

  /** Sends what was replayed, then what arrived live meanwhile, and goes live. */
  start(replayed: ItemRow[]): void {
    const held = this.held ?? [];
    this.held = null;
    for (const row of [...replayed, ...held]) this.send(row);
  }

  push(row: ItemRow): void {
    if (this.held) this.held.push(row);
    else this.send(row);
  }

  private send(row: ItemRow): void {
    if (this.sent.has(row.seq)) return;
    this.sent.add(row.seq);
    if (this.sent.size > SENT_KEPT) this.sent.delete(this.sent.values().next().value as number);
    this.highest = Math.max(this.highest, row.seq);
    this.write(`id: ${row.seq}\nevent: ${STREAM_EVENT}\ndata: ${JSON.stringify(toItem(row))}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (this.res.writableLength > this.maxBuffered) {
      // The client stopped reading: drop it; it reconnects with Last-Event-ID and catches up.
      this.close();
      return;
    }
    this.res.write(chunk);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.onClose();
    if (!this.res.writableEnded) this.res.end();
  }
}

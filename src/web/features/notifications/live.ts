// Live notifications with one connection per browser, however many tabs are open (a browser allows 6 connections
// per host on HTTP/1.1, so a stream per tab would hang the site from the 6th tab): the tab that holds the Web Lock
// opens the stream and passes each event to the other tabs over a BroadcastChannel; when that tab closes, the lock
// passes to another, which opens the stream. A dropped stream is opened again with a new ticket, and every opening
// tells the tabs to read their notifications again, which catches up on what was missed without duplicates.
import { notificationApi, type NotificationItem, STREAM_EVENT } from '../../../shared/notifications';
import { streamTicket } from './api';

const LOCK = 'devcourses-notifications-stream';
const CHANNEL = 'devcourses-notifications';
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

type Message = { kind: 'event'; item: NotificationItem } | { kind: 'opened' };

export interface LiveHandlers {
  /** A new (or regrouped) notification. */
  onEvent: (item: NotificationItem) => void;
  /** The stream (re)opened: what came meanwhile is read again. */
  onOpened: () => void;
}

/** Starts listening; answers the function that stops (and, in the tab holding the stream, closes it). */
export function listenToNotifications(handlers: LiveHandlers): () => void {
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const deliver = (message: Message) => {
    if (message.kind === 'event') handlers.onEvent(message.item);
    else handlers.onOpened();
  };
  if (channel) channel.onmessage = (event: MessageEvent<Message>) => deliver(event.data);
  const tell = (message: Message) => {
    deliver(message);
    channel?.postMessage(message);
  };

  const holdStream = () =>
    new Promise<void>((released) => {
      let source: EventSource | null = null;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let delay = RETRY_MIN_MS;
      const open = async () => {
        if (stop.signal.aborted) return;
        try {
          const { ticket } = await streamTicket();
          if (stop.signal.aborted) return;
          source = new EventSource(`${notificationApi.stream}?ticket=${encodeURIComponent(ticket)}`);
          source.onopen = () => {
            delay = RETRY_MIN_MS;
            tell({ kind: 'opened' });
          };
          source.addEventListener(STREAM_EVENT, (event) => {
            tell({ kind: 'event', item: JSON.parse((event as MessageEvent<string>).data) as NotificationItem });
          });
          // A ticket opens one stream: the browser's own reconnect would be refused, so each drop gets a new one.
          source.onerror = () => {
            source?.close();
            again();
          };
        } catch {
          again();
        }
      };
      const again = () => {
        if (stop.signal.aborted) return;
        retry = setTimeout(() => void open(), delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
      stop.signal.addEventListener('abort', () => {
        clearTimeout(retry);
        source?.close();
        released();
      });
      void open();
    });

  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    navigator.locks.request(LOCK, { signal: stop.signal }, holdStream).catch(() => undefined);
  } else {
    void holdStream();
  }
  return () => {
    stop.abort();
    channel?.close();
  };
}

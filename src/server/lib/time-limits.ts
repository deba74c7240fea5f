// How long a client may take to send a request. Without limits a client sending one byte every few seconds held its
// connection for ever, and a few hundred of them would hold them all. Node times the headers (a silent new
// connection included) and idle kept-alive connections; bodies are timed here, because Node's own `requestTimeout`
// counts the whole request and so would also cut off a long upload that is moving along. An ordinary body must
// arrive whole within `bodyMs`; an upload may take as long as it needs while it brings at least `uploadMinBytes`
// in every `uploadWindowMs`. A request past its limit is answered 408 and its connection closed, which breaks off
// whatever was reading its body (an upload's temporary file is removed by the upload itself).
import net from 'node:net';
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is an upload: timed by how fast it arrives, not by how long it takes. */
    upload?: boolean;
  }
}

export interface TimeLimits {
  /** A request's headers must arrive whole within this long of its first byte (or of the connection opening). */
  headersMs: number;
  /** An ordinary body (JSON, at most the body limit) must arrive whole within this long of its headers. */
  bodyMs: number;
  /** An upload must bring at least this many bytes in every `uploadWindowMs`. */
  uploadMinBytes: number;
  uploadWindowMs: number;
  /** A kept-alive connection with no request in it is closed after this long. */
  keepAliveMs: number;
  /** How often the limits are checked: a request is cut off at most this long after its limit. */
  checkMs: number;
}

export const TIME_LIMITS: TimeLimits = {
  headersMs: 10_000,
  bodyMs: 60_000,
  uploadMinBytes: 32 * 1024,
  uploadWindowMs: 10_000,
  // Fastify's default, above the 60 s idle timeout of common load balancers, so that they never reuse a connection
  // the server is closing.
  keepAliveMs: 72_000,
  checkMs: 1_000,
};

/** The Fastify options that hand the header and idle limits to Node's HTTP server. */
export function serverTimeLimits(limits: TimeLimits) {
  return {
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkMs },
    // Bodies are timed by bodyTimeLimits below.
    requestTimeout: 0,
    keepAliveTimeout: limits.keepAliveMs,
  } satisfies FastifyServerOptions & { http: ServerOptions };
}

interface Watch {
  request: IncomingMessage;
  response: ServerResponse;
  socket: net.Socket;
  upload: boolean;
  since: number;
  /** Uploads: where the current window started, and the socket's byte count then. */
  windowStart: number;
  windowBytes: number;
}

export interface BodyTimeLimits {
  /** Times the request's body, if it has one still to come. */
  watch(request: FastifyRequest, reply: FastifyReply): void;
  close(): void;
}

/** `cutOff` answers and closes a request past its limit (`answered`: its reply has already begun). */
export function bodyTimeLimits(
  limits: TimeLimits,
  cutOff: (socket: net.Socket, upload: boolean, answered: boolean) => void,
): BodyTimeLimits {
  const watched = new Set<Watch>();
  let timer: NodeJS.Timeout | undefined;

  // The server holds a body back while what reads it is slower (a paused stream, a full buffer): that time is not
  // the client's.
  const heldBack = (request: IncomingMessage) =>
    request.isPaused() || request.readableLength >= request.readableHighWaterMark;

  function check() {
    const now = Date.now();
    for (const w of watched) {
      if (w.request.complete || w.socket.destroyed) {
        watched.delete(w);
        continue;
      }
      let late = false;
      if (!w.upload) late = now - w.since >= limits.bodyMs;
      else if (heldBack(w.request)) [w.windowStart, w.windowBytes] = [now, w.socket.bytesRead];
      else if (now - w.windowStart >= limits.uploadWindowMs) {
        late = w.socket.bytesRead - w.windowBytes < limits.uploadMinBytes;
        [w.windowStart, w.windowBytes] = [now, w.socket.bytesRead];
      }
      if (late) {
        watched.delete(w);
        cutOff(w.socket, w.upload, w.response.headersSent);
      }
    }
    if (watched.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    watch({ raw, routeOptions }, reply) {
      const { socket } = raw;
      // Requests made with `inject` have no socket to time.
      if (!(socket instanceof net.Socket) || raw.complete || !hasBody(raw)) return;
      const now = Date.now();
      watched.add({
        request: raw,
        response: reply.raw,
        socket,
        upload: routeOptions.config.upload === true,
        since: now,
        windowStart: now,
        windowBytes: socket.bytesRead,
      });
      timer ??= setInterval(check, limits.checkMs).unref();
    },
    close() {
      clearInterval(timer);
      timer = undefined;
      watched.clear();
    },
  };
}

const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

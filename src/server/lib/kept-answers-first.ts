// The app's HTTP server answers a request from what it keeps before Fastify sees it: no request and reply objects, no
// routing, no hooks. A public answer kept as bytes is the same for every reader (lib/cached-answers.ts); a learner's
// own progress read is theirs alone, answered only to a session the app looked up in the last few seconds
// (modules/progress/learner-answers.ts). Each carries the security headers it was first sent with and leaves the same
// log line as any other request (lib/request-logger.ts), with a request id from the same sequence as Fastify's. A closing app answers nothing this way: every request then
// goes to Fastify and its refusal (plugins/shutting-down.ts). Everything else goes to Fastify as it arrived.
import http from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { logRequest } from './request-line';

/** An answer given before Fastify: its status and, when it was a signed-in user's own, whose. */
export interface Served {
  status: 200 | 304;
  userId?: string;
}

/** What the app answers before Fastify: `serve` writes the answer and tells what it was, or leaves the request alone
 *  (undefined) for the next source and then Fastify. */
export interface KeptAnswerSource {
  serve(request: http.IncomingMessage, response: http.ServerResponse): Served | undefined;
}

export interface KeptFirst {
  /** Asked in turn. */
  sources: KeptAnswerSource[];
  /** The app's request id sequence (Fastify's `genReqId`). */
  nextId: () => string;
  /** The app as it is when a request arrives: closing or not, and its logger. */
  closing: () => boolean;
  log: () => FastifyBaseLogger;
}

/** The options Fastify hands its server factory that it would have set on a server of its own (with its defaults). */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number | null;
}

/** Fastify's `serverFactory`: Node's HTTP server as Fastify would make it, with the kept answers in front. */
export function keptAnswersFirst({ sources, nextId, closing, log }: KeptFirst): FastifyServerFactory {
  return (fastify, settings) => {
    const options = settings as unknown as ServerSettings;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      const start = performance.now();
      let served: Served | undefined;
      if (!closing()) for (const source of sources) if ((served = source.serve(request, response))) break;
      if (served === undefined) return fastify(request, response);
      logRequest(log(), {
        reqId: nextId(),
        method: request.method,
        url: request.url,
        statusCode: served.status,
        ms: Math.round(performance.now() - start),
        userId: served.userId,
      });
    });
    // What Fastify sets on the server it makes itself.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

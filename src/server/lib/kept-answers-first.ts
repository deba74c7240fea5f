// The app's HTTP server answers a request from its kept bytes (lib/cached-answers.ts) before Fastify sees it: no
// request and reply objects, no routing, no hooks. Such an answer is the same for every reader and carries the
// security headers it was first sent with; it leaves the same log line as any other request (lib/request-logger.ts),
// with a request id from the same sequence as Fastify's. A closing app answers nothing this way: every request then
// goes to Fastify and its refusal (plugins/shutting-down.ts). Everything else goes to Fastify as it arrived.
import http from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { CachedAnswers } from './cached-answers';
import { logRequest } from './request-logger';

export interface KeptFirst {
  answers: CachedAnswers;
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
export function keptAnswersFirst({ answers, nextId, closing, log }: KeptFirst): FastifyServerFactory {
  return (fastify, settings) => {
    const options = settings as unknown as ServerSettings;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      const start = performance.now();
      const status = closing() ? undefined : answers.serve(request, response);
      if (status === undefined) return fastify(request, response);
      logRequest(log(), {
        reqId: nextId(),
        method: request.method,
        url: request.url,
        statusCode: status,
        ms: Math.round(performance.now() - start),
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

// The answers Fastify and Node give before any hook of ours runs — a URL that is not valid percent-encoding, a path
// segment over the length limit, a request Node's HTTP parser refuses — leave like every other failure: `{error}`
// JSON with the security headers, instead of Fastify's own `{error, code, message, statusCode}` bare.
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { PRIVATE_CACHE_CONTROL } from './http-cache';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Headers of a failure: the security headers, never cached. */
function failureHeaders(securityHeaders: Record<string, string>): Record<string, string> {
  return { ...securityHeaders, 'cache-control': PRIVATE_CACHE_CONTROL };
}

const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Malformed URL: the path is not valid percent-encoding'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URL too long: a path segment is over the length limit'],
};

/** Fastify's `frameworkErrors`: errors found while routing, before the request has hooks. */
export function frameworkErrorHandler(
  securityHeaders: Record<string, string>,
): FastifyServerOptions['frameworkErrors'] {
  const headers = failureHeaders(securityHeaders);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] = FRAMEWORK_MESSAGES[error.code] ?? [error.statusCode ?? 400, 'Bad request'];
    request.log.info({ url: request.url, code: error.code }, 'refused before routing');
    void reply.status(status).headers(headers).type('application/json; charset=utf-8').send({ error: message });
  };
}

const CLIENT_MESSAGES: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/** Fastify's `clientErrorHandler`: a request Node's parser refused; there is no request object, only the socket. */
export function clientErrorHandler(
  securityHeaders: Record<string, string>,
): FastifyServerOptions['clientErrorHandler'] {
  return (error, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = CLIENT_MESSAGES[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
    answerOnSocket(socket, securityHeaders, status, message, error);
  };
}

/**
 * Writes `{error}` straight to the socket and closes it: for a request that has no reply to answer through, or
 * whose reply is still waiting for its body. Nothing is written once an answer has begun (`answered`).
 */
export function answerOnSocket(
  socket: Socket,
  securityHeaders: Record<string, string>,
  status: number,
  message: string,
  error?: Error,
  answered = false,
): void {
  const body = JSON.stringify({ error: message });
  const lines = Object.entries({
    ...failureHeaders(securityHeaders),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}`);
  if (socket.writable && !answered)
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}

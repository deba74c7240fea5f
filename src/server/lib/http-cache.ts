// What browsers and proxies may keep (docs/decisions/0009-http-caching.md). Every answer is `no-store` unless its
// route says otherwise: tokens, a user's own data and failures must never sit in a cache. The public catalogue
// reads are the exception: any shared cache may keep them a few seconds, browsers revalidate every time, and an
// ETag turns an unchanged answer into a bodiless 304.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Browsers revalidate (a 304 when unchanged); shared caches may serve it for 10 s, so a publish reaches readers
 *  behind a proxy within 10 s and everyone else at once. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, must-revalidate';

/** Answers of this size or more are sent compressed to a client that asks (@fastify/compress's threshold, and the
 *  kept answers' of lib/cached-answers.ts). */
export const COMPRESS_THRESHOLD = 1024;

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** The default of every answer that sets no policy of its own. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

// The read cache hands out the same string for the same content, so hashing it once per string is enough; the map
// is bounded like the read cache itself.
const etags = new Map<string, string>();
const ETAGS_MAX = 5_000;

/** A weak validator: compression changes the bytes, not the content. */
export function etagOf(body: string): string {
  let etag = etags.get(body);
  if (!etag) {
    if (etags.size >= ETAGS_MAX) etags.clear();
    etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    etags.set(body, etag);
  }
  return etag;
}

/** Does If-None-Match name this ETag? Weak comparison (RFC 9110 §13.1.2), `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque || tag === `W/${opaque}`;
  });
}

/** An answer that is the same for every reader, so it may be kept as the bytes sent (lib/cached-answers.ts). */
export interface PublicAnswer {
  body: string;
  contentType: string;
  cacheControl: string;
}

/** The headers a public answer goes with, sent by its route or from its kept bytes: its type, cache policy and ETag,
 *  and, when it may go compressed, Vary: Accept-Encoding in either form, so that a shared cache never hands a
 *  compressed form to a client that did not ask for it. */
function publicHeaders({ body, contentType, cacheControl }: PublicAnswer, etag: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': contentType, 'cache-control': cacheControl, etag };
  if (Buffer.byteLength(body) >= COMPRESS_THRESHOLD) headers.vary = 'accept-encoding';
  return headers;
}

/** Answers a public answer, or 304 when the client has it, and keeps it as bytes for the next request. */
export function sendPublic(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer): FastifyReply {
  const etag = etagOf(answer.body);
  const headers = publicHeaders(answer, etag);
  reply.headers(headers);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  request.server.cachedAnswers.keep(request, { body: answer.body, etag, headers: sentHeaders(reply) });
  return reply.send(answer.body);
}

/** The headers the reply carries so far, as a kept answer repeats them. */
export function sentHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** Answers a public catalogue read: its JSON with a short public cache and an ETag, or 304 when the client has it. */
export function sendPublicJson(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  return sendPublic(request, reply, { body: json, contentType: JSON_TYPE, cacheControl: PUBLIC_READ_CACHE_CONTROL });
}

/** Answers JSON already serialized (a cached read), as Fastify would answer the value it came from. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

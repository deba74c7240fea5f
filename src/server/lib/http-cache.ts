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

/** An answer that may go compressed varies by Accept-Encoding, and says so whichever form it is sent in, so that a
 *  shared cache never hands a compressed form to a client that did not ask for it. */
export function varyByEncoding(reply: FastifyReply, body: string): FastifyReply {
  return Buffer.byteLength(body) >= COMPRESS_THRESHOLD ? reply.header('vary', 'accept-encoding') : reply;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** The default of every answer that sets no policy of its own. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

// The read cache hands out the same string for the same content, so hashing it once per string is enough; the map
// is bounded like the read cache itself.
const etags = new Map<string, string>();
const ETAGS_MAX = 5_000;

/** A weak validator: compression changes the bytes, not the content. */
export function etagOf(json: string): string {
  let etag = etags.get(json);
  if (!etag) {
    if (etags.size >= ETAGS_MAX) etags.clear();
    etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    etags.set(json, etag);
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

/** Answers a public catalogue read: its JSON with a short public cache and an ETag, or 304 when the client has it. */
export function sendPublicJson(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  const etag = etagOf(json);
  reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL).header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  request.server.cachedAnswers.keep(request, {
    body: json,
    contentType: JSON_TYPE,
    cacheControl: PUBLIC_READ_CACHE_CONTROL,
    etag,
  });
  return sendJson(varyByEncoding(reply, json), json);
}

/** Answers JSON already serialized (a cached read), as Fastify would answer the value it came from. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

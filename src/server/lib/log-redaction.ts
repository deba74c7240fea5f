// Secrets travel in links (email verification, password reset, one-time sign-in), so a URL written to the log would
// hand them to anyone who reads it. Every URL the log shows passes through `redactUrl`, installed once as the
// logger's serializers for `url` and `req`: a path segment after a link's name and any query value under a secret's
// name are hidden, and so is anything shaped like a token wherever it is, so a new link is covered without a change.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** Path segments whose next segment is a secret: the token links the app sends. */
const SECRET_AFTER = new Set(['verify', 'change-password', 'sign-in', 'reset-password']);

/** Query names that carry secrets. */
const SECRET_NAME = /token|secret|password|passwd|key|code|signature|^sig$/i;

/**
 * 32 or more URL-safe characters with both upper- and lower-case letters: how a random token looks (ours are 43
 * base64url characters), never an id (a lower-case UUID), a slug or a content hash.
 */
const TOKEN_SHAPED = /^(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])[A-Za-z0-9_-]{32,}$/;

const looksSecret = (value: string) => TOKEN_SHAPED.test(value) || TOKEN_SHAPED.test(safeDecode(value));

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// A server answers the same few addresses over and over: each is redacted once (bounded, like every cache here).
const redacted = new Map<string, string>();
const REDACTED_MAX = 1_000;

/** The URL with every secret in its path or query replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  if (typeof url !== 'string') return url;
  let safe = redacted.get(url);
  if (safe === undefined) {
    if (redacted.size >= REDACTED_MAX) redacted.clear();
    safe = redactUncached(url);
    redacted.set(url, safe);
  }
  return safe;
}

function redactUncached(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathPart.split('/');
  const path = segments
    .map((segment, i) =>
      segment && (SECRET_AFTER.has(segments[i - 1]?.toLowerCase()) || looksSecret(segment)) ? REDACTED : segment,
    )
    .join('/');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return looksSecret(pair) ? REDACTED : pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      return value && (SECRET_NAME.test(safeDecode(name)) || looksSecret(value)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own `req` serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with the redacting serializers (no logger stays no logger). */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, url: redactUrl, req: serializeRequest } };
}

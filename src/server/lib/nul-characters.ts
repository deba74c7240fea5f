// No text the app takes in may hold the NUL character: PostgreSQL cannot store it (a write answered 500 'invalid
// byte sequence'), and nobody types one. JSON bodies are checked as they are parsed and the address (path and
// query) as the request arrives, so a NUL is refused with 400 before any route reads or stores anything.
// Uploaded file names are checked by the upload route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, type Refusal } from './errors';

const REFUSAL = 'may not contain the NUL character (U+0000)';

/** The dotted path of the first string or key holding a NUL ('' for a string body itself), or undefined. */
export function nulPath(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return path;
    const found = nulPath(item, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The refusal of an address that holds a NUL (`%00` is the only way to write one in a URL), or null. */
export function nulInAddress(url: string): Refusal | null {
  return url.includes('%00') ? badRequest(`The address ${REFUSAL}: %00`) : null;
}

/**
 * Replaces the JSON body parser with Fastify's own plus the check. A NUL can only be written in JSON as the escape
 * `\u0000` (JSON does not allow control characters in strings), so a body without that text is not walked.
 */
export function refuseNulInJsonBodies(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  // Fastify's own JSON parser answers through its callback.
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning) as (
    request: FastifyRequest,
    body: string,
    done: (err: Error | null, value?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (err, value) => {
      if (err || !(body as string).includes('\\u0000')) return done(err, value);
      const at = nulPath(value);
      done(at === undefined ? null : badRequest(`${at || 'request body'}: ${REFUSAL}`), value);
    });
  });
}

// The security headers of every response, exactly as @fastify/helmet computes them. They never vary between requests,
// so helmet runs once on a probe instance and the app sets the resulting headers in one hook instead of running helmet
// on every request. There are two sets, the same but for the Content-Security-Policy:
// - a document's (pages, files): CSP whose only inline scripts are the page template's own, allowed by their hashes;
// - an answer that is data, never a document (the API's JSON, a refusal's `{error}`): a policy that allows nothing.
//   A browser applies a CSP only to a document or a worker, so the pages' own fetches are unchanged, and an answer
//   opened on its own loads and runs nothing, and nothing may frame it. The other headers (nosniff, referrer policy,
//   HSTS, ...) are the same in both.
import { createHash } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

const helmetOptions = (scriptHashes: string[]): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes, 'https://www.youtube.com', 'https://player.vimeo.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      // 'self' admits only the code runner's frame: every other page of the app answers frame-ancestors 'none'.
      frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/** The policy of an answer that is data: nothing may load, nothing may frame it. */
const dataPolicy: FastifyHelmetOptions['contentSecurityPolicy'] = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
};

/** Headers of the probe's answer that belong to that answer, not to the policy. */
const PER_RESPONSE = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** CSP sources (`'sha256-…'`) for the inline scripts of a page template: classic `<script>` elements without `src`
 *  (HTML comments left out: a script tag named in one is none).
 *  index.html has two, the theme applied before the first paint and a rendered page's starter (inline, not files, so
 *  that the parser never waits on the network before it can paint; built from src/web/starter/). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const code = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [, attributes, body] of code.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export interface SecurityHeaderSets {
  /** Pages and files. */
  document: Record<string, string>;
  /** Answers that are data: everything under `/api/`, and the refusals written before routing (always JSON). */
  data: Record<string, string>;
}

/** Where the answers that are data live: the API (the unsubscribe page under it sets a document's policy itself). */
export const DATA_PREFIX = '/api/';

export async function securityHeaders(scriptHashes: string[] = []): Promise<SecurityHeaderSets> {
  const options = helmetOptions(scriptHashes);
  const [document, data] = await Promise.all([
    probeHeaders(options),
    probeHeaders({ ...options, contentSecurityPolicy: dataPolicy }),
  ]);
  return { document, data };
}

async function probeHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(res.headers).filter(
      (entry): entry is [string, string] => !PER_RESPONSE.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

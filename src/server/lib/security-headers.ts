// The security headers of every response (CSP whose only inline scripts are the page template's own, allowed by their
// hashes; nosniff, frame-ancestors 'none', referrer policy, ...) exactly as @fastify/helmet computes them. They never
// vary between requests, so helmet runs once on a probe instance and the app sets the resulting headers in one hook
// instead of running helmet on every request.
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';

const helmetOptions = (scriptHashes: string[]) => ({
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
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
});

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

export async function securityHeaders(scriptHashes: string[] = []): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(scriptHashes));
  probe.get('/', async () => '');
  const res = await probe.inject({ url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(res.headers).filter(
      (entry): entry is [string, string] => !PER_RESPONSE.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

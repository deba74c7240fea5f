// The security headers of every response (CSP without inline scripts, nosniff, frame-ancestors 'none', referrer
// policy, ...) exactly as @fastify/helmet computes them. They never vary between requests, so helmet runs once on a
// probe instance and the app sets the resulting headers in one hook instead of running helmet on every request.
import helmet from '@fastify/helmet';
import Fastify from 'fastify';

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://www.youtube.com', 'https://player.vimeo.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
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
};

/** Headers of the probe's answer that belong to that answer, not to the policy. */
const PER_RESPONSE = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const res = await probe.inject({ url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(res.headers).filter(
      (entry): entry is [string, string] => !PER_RESPONSE.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

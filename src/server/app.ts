// Builds the Fastify app (no listen): security headers, compression, rate limits, the API modules and, when a
// built web app is present, the static site with deep links. Tests build it and call `inject`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { LIMITS } from '../shared/constants';
import type { CreatePageRenderer, PageRenderer, RenderedPage, RendererOptions } from '../shared/ssr';
import type { Config } from './config';
import type { Database } from './db/client';
import { clientErrorHandler, frameworkErrorHandler } from './lib/early-errors';
import { installErrorHandler } from './lib/error-handler';
import { memoryFailureCounter, redisFailureCounter } from './lib/failure-counter';
import { PRIVATE_CACHE_CONTROL } from './lib/http-cache';
import { requestTurns } from './lib/request-turns';
import { inlineScriptHashes, securityHeaders } from './lib/security-headers';
import { type AuthLimits, authRoutes } from './modules/auth/auth.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { bugsRoutes } from './modules/bugs/bugs.routes';
import { coursesRoutes } from './modules/courses/courses.routes';
import { mediaRoutes, type MediaRoutesOptions } from './modules/media/media.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { lessonCommentsRoutes } from './modules/lesson-comments/lesson-comments.routes';
import { progressRoutes, type ProgressRoutesOptions } from './modules/progress/progress.routes';
import { searchRoutes } from './modules/search/search.routes';
import { studioRoutes } from './modules/studio/studio.routes';
import { tutorialsRoutes } from './modules/tutorials/tutorials.routes';
import contentCache from './plugins/content-cache';
import currentUser from './plugins/current-user';
import outboxWorker, { type OutboxWorkerOptions } from './plugins/outbox-worker';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** A shared Redis client for rate limits; when absent, limits are kept in memory. */
  redis?: Redis;
  /** Login/sign-up/reset rate limits (tests set small ones); defaults in auth.routes.ts. */
  authLimits?: Partial<AuthLimits>;
  /** The mail outbox worker: mailer, poll interval, retry backoff (tests drive it with app.outbox.drain()). */
  outbox?: OutboxWorkerOptions;
  /** Media uploads: who may upload (default: authors and admins) and where files go (default: from the config).
   *  The media tests and the upload bench open the door and pick the storage. */
  media?: Partial<MediaRoutesOptions>;
  /** Learning progress: the per-learner write limit (the progress bench raises it). */
  progress?: ProgressRoutesOptions;
  /** The server-rendering entry (issue 10). Default: the built one, dist/ssr/entry-server.js beside the web build;
   *  tests hand in src/web/entry-server.tsx itself. Without one, every page gets the plain app shell. */
  createPageRenderer?: CreatePageRenderer;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Helmet's headers never vary between requests: computed once by helmet itself, then set in one hook
  // (docs/decisions/0006-request-overhead.md; ≈ 0.9 of a bare route's throughput instead of ≈ 0.6).
  const template = pageTemplate(config.webDir);
  const headers = await securityHeaders(template ? inlineScriptHashes(template) : []);
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.bodyBytesMax,
    trustProxy: config.trustProxy,
    // Search text travels in the path (SPEC §7) and may be up to 2,000 characters, percent-encoded.
    routerOptions: { maxParamLength: LIMITS.searchMax * 9 },
    // Refusals made before any hook runs get the same headers and `{error}` body as the rest.
    frameworkErrors: frameworkErrorHandler(headers),
    // While closing, requests on open connections get our own 503 (the onRequest hook below), with headers and
    // `{error}`, rather than Fastify's bare one.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(headers),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  app.decorate('config', config);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('database', database);
      },
      { name: 'database' },
    ),
  );
  await app.register(contentCache);
  await app.register(currentUser);

  app.decorate('shuttingDown', false);
  app.addHook('preClose', async () => {
    app.shuttingDown = true;
  });
  // Requests take turns with the event loop's I/O, so new connections are accepted under saturation (lib/request-turns.ts).
  const turns = requestTurns(REQUEST_SLICE_MS);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
    if (app.shuttingDown) {
      return reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ error: 'The server is shutting down. Please try again in a moment.' });
    }
    await turns.take();
  });
  // Nothing may be kept by a browser or a proxy unless its route says so (lib/http-cache.ts): tokens, a user's own
  // data and failures are never cached. Static files set their policy on the raw response.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
  });
  // One log line per answered request instead of Fastify's two.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'devcourses-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  // OpenAPI 3 from the routes' zod schemas (served at /api/docs by the operations routes); the static site's routes
  // are not API calls.
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'DevCourses API',
        version: '1',
        description: 'The calls of SPEC §7 (spellings kept) and the additions of DESIGN §4 and the Studio.',
      },
      components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'auth-token' } } },
    },
    transform: (input) =>
      input.url.startsWith('/api/') ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
  });
  await app.register(outboxWorker, options.outbox ?? {});
  await app.register(operationsRoutes);
  // Failed logins are counted beside the rate limits: in Redis when there is one, so every process shares them.
  const failures = options.redis ? redisFailureCounter(options.redis, 'devcourses-rl:') : memoryFailureCounter();
  app.addHook('onClose', async () => failures.close());
  await app.register(authRoutes, { limits: options.authLimits, failures });
  await app.register(coursesRoutes);
  await app.register(tutorialsRoutes);
  await app.register(blogsRoutes);
  await app.register(lessonCommentsRoutes);
  await app.register(bugsRoutes);
  await app.register(searchRoutes);
  await app.register(studioRoutes);
  await app.register(progressRoutes, options.progress ?? {});
  await app.register(mediaRoutes, { guard: app.requireAuthor, ...options.media });
  await app.register(pagesRoutes);

  await registerWebApp(app, config.webDir, template, options.createPageRenderer);
  return app;
}

/** The built web app's index.html, the template of every page, if there is a web build. */
function pageTemplate(webDir: string | undefined): string | undefined {
  const file = webDir && path.join(webDir, 'index.html');
  return file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** The built server-rendering entry beside the web build (`vite build --ssr`), if there is one. */
async function builtRenderer(webDir: string): Promise<CreatePageRenderer | undefined> {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { createPageRenderer: CreatePageRenderer };
  return module.createPageRenderer;
}

function pageRenderer(
  app: FastifyInstance,
  webDir: string,
  template: string,
  create: CreatePageRenderer,
): PageRenderer {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  return create({
    template,
    manifest: fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as RendererOptions['manifest'])
      : {},
    publicUrl: app.config.publicUrl,
    readAsset: (file) => fs.readFileSync(path.join(webDir, path.normalize(file).replace(/^([/\\])+/, '')), 'utf8'),
    // The page's data comes through the same routes (and read cache) as the browser's own reads.
    read: async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return { status: res.statusCode, text: res.body };
    },
  });
}

/** Longest page path we look at; the app's longest real ones (two ids) are far shorter. */
/** How long the requests started in one turn of the event loop may run before it polls for I/O again. */
const REQUEST_SLICE_MS = 10;
const PAGE_PATH_MAX = 2048;

async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  template: string | undefined,
  createRenderer: CreatePageRenderer | undefined,
): Promise<void> {
  const hasWeb = Boolean(webDir && template !== undefined);
  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDir),
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (rel.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=86400');
      },
    });
  }
  const create = hasWeb && webDir ? (createRenderer ?? (await builtRenderer(webDir))) : undefined;
  const renderer = create && webDir && template !== undefined ? pageRenderer(app, webDir, template, create) : undefined;

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !url.startsWith('/api/') && url !== '/api' && !/\.[a-z0-9]+$/i.test(url)) {
      if (renderer) {
        if (url.length > PAGE_PATH_MAX) return reply.status(414).send({ error: 'The address is too long.' });
        try {
          decodeURIComponent(url);
        } catch {
          return reply.status(400).send({ error: 'The address is not valid (bad percent-encoding).' });
        }
        // Public pages arrive rendered (issue 10); the page cache keeps the found ones until the content changes.
        let rendered: RenderedPage | null | undefined;
        const cached = await app.pageCache.get(url, async () => {
          rendered = await renderer.render(url);
          return rendered?.status === 200 ? rendered : null;
        });
        // A 404 is not kept (clients choose those paths); a page another request was rendering is rendered here.
        const page = cached ?? (rendered === undefined ? await renderer.render(url) : rendered);
        if (page) {
          return reply
            .status(page.status)
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(page.html);
        }
      }
      // A page of the app that is not rendered on the server (account pages, the Studio): the app shell routes it.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ error: `Not found: ${request.method} ${url}` });
  };
  // Pages are a route (so they are compressed like every answer); other methods, and paths too long for the router,
  // reach the same handler as the not-found case.
  if (renderer) app.get('/*', { schema: { hide: true } }, servePage);
  app.setNotFoundHandler(servePage);
}

// Builds the Fastify app (no listen): what it is made of, in order. The infrastructure is in plugins/, the API in
// modules/; tests build it and call `inject`.
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { LIMITS } from '../shared/constants';
import type { CreatePageRenderer } from '../shared/ssr';
import type { Config } from './config';
import type { Database } from './db/client';
import { clientErrorHandler, frameworkErrorHandler } from './lib/early-errors';
import { installErrorHandler } from './lib/error-handler';
import { COMPRESS_THRESHOLD } from './lib/http-cache';
import { CachedAnswers } from './lib/cached-answers';
import { keptAnswersFirst } from './lib/kept-answers-first';
import { appLogging, requestIds } from './lib/request-logger';
import { inlineScriptHashes, securityHeaders as securityHeadersOf } from './lib/security-headers';
import { serverTimeLimits, TIME_LIMITS, type TimeLimits } from './lib/time-limits';
import { accountRoutes } from './modules/account/account.routes';
import { type AuthLimits, authRoutes, DEFAULT_AUTH_LIMITS } from './modules/auth/auth.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { bugsRoutes } from './modules/bugs/bugs.routes';
import { certificatesRoutes, type CertificatesRoutesOptions } from './modules/certificates/certificates.routes';
import { coursesRoutes } from './modules/courses/courses.routes';
import { lessonCommentsRoutes } from './modules/lesson-comments/lesson-comments.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { mediaRoutes, type MediaRoutesOptions } from './modules/media/media.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { practiceRoutes } from './modules/practice/practice.routes';
import { practiceStudioRoutes } from './modules/practice/practice-studio.routes';
import { scoreQuiz } from './modules/practice/quiz-attempts.service';
import { quizFormRoutes } from './modules/practice-pages/quiz-form.routes';
import { learnerAnswers } from './modules/progress/learner-answers';
import { LearnerProgressCache } from './modules/progress/progress-cache';
import { progressRoutes, type ProgressRoutesOptions } from './modules/progress/progress.routes';
import { searchRoutes } from './modules/search/search.routes';
import { studioRoutes, type StudioRoutesOptions } from './modules/studio/studio.routes';
import { siteRoutes } from './modules/site/site.routes';
import { tutorialsRoutes } from './modules/tutorials/tutorials.routes';
import bodyTimeLimits from './plugins/body-time-limits';
import cachedAnswers from './plugins/cached-answers';
import contentCache from './plugins/content-cache';
import currentUser, { SessionCache } from './plugins/current-user';
import database from './plugins/database';
import grader, { type GraderOptions } from './plugins/grader';
import learnerProgress from './plugins/learner-progress';
import notifications, { type NotificationsOptions } from './plugins/notifications';
import nulCharacters from './plugins/nul-characters';
import openapi from './plugins/openapi';
import outboxWorker, { type OutboxWorkerOptions } from './plugins/outbox-worker';
import practiceRunner from './plugins/practice-runner';
import privateByDefault from './plugins/private-by-default';
import rateLimits from './plugins/rate-limits';
import requestLog from './plugins/request-log';
import requestTurns from './plugins/request-turns';
import securityHeaders from './plugins/security-headers';
import shuttingDown from './plugins/shutting-down';
import siteSettings from './plugins/site-settings';
import webApp, { pageTemplate } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
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
  /** The Studio: the clock preview links are made and checked by (tests move it). */
  studio?: StudioRoutesOptions;
  /** Certificates: how many PDFs and share images are kept in memory (the certificates bench sets it). */
  certificates?: CertificatesRoutesOptions;
  /** The server-rendering entry. Default: the built one, dist/ssr/entry-server.js beside the web build; tests hand
   *  in src/web/entry-server.tsx itself. Without one, every page gets the plain app shell. */
  createPageRenderer?: CreatePageRenderer;
  /** How long a client may take to send a request (lib/time-limits.ts); tests set short ones. */
  timeLimits?: Partial<TimeLimits>;
  /** Notifications: how often their mail is looked for (tests set 0 and call app.notifications.runMail). */
  notifications?: NotificationsOptions;
  /** The grader of practice submissions and of the Studio's exercise check (plugins/grader.ts). */
  grader?: GraderOptions;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // The page template's inline scripts are allowed by hash in the Content-Security-Policy.
  const template = pageTemplate(config.webDir);
  const headers = await securityHeadersOf(template ? inlineScriptHashes(template) : []);
  const limits = { ...TIME_LIMITS, ...options.timeLimits };
  const answers = new CachedAnswers();
  const sessions = new SessionCache();
  const progress = new LearnerProgressCache();
  const nextId = requestIds();
  const app: FastifyInstance = Fastify({
    // Secrets in URLs (token links) kept out of the log, one line per request, a request's own logger only when used.
    ...appLogging(options.logger, nextId),
    // Public answers kept as bytes, and a learner's own progress reads kept for them, are answered before Fastify
    // sees the request.
    serverFactory: keptAnswersFirst({
      sources: [answers, learnerAnswers(sessions, progress)],
      nextId,
      closing: () => app.shuttingDown,
      log: () => app.log,
    }),
    bodyLimit: LIMITS.bodyBytesMax,
    trustProxy: config.trustProxy,
    // Search text travels in the path and may be up to 2,000 characters, percent-encoded.
    routerOptions: { maxParamLength: LIMITS.searchMax * 9 },
    // Refusals made before any hook runs get the same headers and `{error}` body as the rest: JSON, so data's headers.
    frameworkErrors: frameworkErrorHandler(headers.data),
    // While closing, requests on open connections get our own 503 (plugins/shutting-down.ts), with headers and
    // `{error}`, rather than Fastify's bare one.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(headers.data),
    // Headers and idle connections are timed by Node, bodies by plugins/body-time-limits.ts.
    ...serverTimeLimits(limits),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorate('config', config);

  await app.register(database, { database: options.database });
  await app.register(contentCache, { answers });
  await app.register(siteSettings);
  await app.register(currentUser, { sessions });
  await app.register(learnerProgress, { kept: progress });
  // The request hooks, in the order they run (a kept answer comes before them all, lib/kept-answers-first.ts): the
  // moment a request began, for the answers its route may keep; then the security headers, so that every refusal
  // carries them; the refusals (a body too slow, closing, a NUL in the address) before a request waits for its turn.
  await app.register(cachedAnswers);
  await app.register(securityHeaders, { headers });
  await app.register(bodyTimeLimits, { limits, headers: headers.data });
  await app.register(shuttingDown);
  await app.register(nulCharacters);
  await app.register(requestTurns);
  await app.register(privateByDefault);
  await app.register(requestLog);
  await app.register(compress, { threshold: COMPRESS_THRESHOLD });
  await app.register(rateLimits, { redis: options.redis });
  await app.register(openapi);
  await app.register(outboxWorker, options.outbox ?? {});
  await app.register(grader, options.grader ?? {});
  await app.register(notifications, options.notifications ?? {});

  await app.register(operationsRoutes);
  await app.register(authRoutes, { limits: options.authLimits, failures: app.loginFailures });
  await app.register(accountRoutes, {
    login: options.authLimits?.login ?? DEFAULT_AUTH_LIMITS.login,
    failures: app.loginFailures,
  });
  await app.register(coursesRoutes);
  await app.register(tutorialsRoutes);
  await app.register(blogsRoutes);
  await app.register(lessonCommentsRoutes);
  await app.register(bugsRoutes);
  await app.register(notificationsRoutes);
  await app.register(searchRoutes);
  await app.register(studioRoutes, options.studio ?? {});
  await app.register(siteRoutes);
  await app.register(progressRoutes, options.progress ?? {});
  await app.register(practiceRoutes);
  await app.register(practiceStudioRoutes, options.studio ?? {});
  await app.register(certificatesRoutes, options.certificates ?? {});
  await app.register(mediaRoutes, { guard: app.requireAuthor, ...options.media });
  await app.register(pagesRoutes);
  await app.register(practiceRunner);

  await app.register(webApp, { webDir: config.webDir, template, createPageRenderer: options.createPageRenderer });
  // The quiz page's form without JavaScript is answered with the rendered page (decision 0050).
  await app.register(quizFormRoutes, { score: (quizId, body) => scoreQuiz(app.database.db, quizId, body) });
  return app;
}

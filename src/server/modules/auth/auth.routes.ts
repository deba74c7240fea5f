// The specified account calls, plus logout. Shapes: {success, msg, error, authToken, id}; failures the
// web shows in danger style leave as {error}. Sign-up and forgot-password answer the same, equally fast, whether or
// not the email has an account (docs/decisions/0010-account-discovery-and-login-throttling.md).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResult,
  changePasswordBody,
  createUserBody,
  forgotBody,
  loginBody,
  signInLinkBody,
} from '../../../shared/contract';
import { me } from '../../../shared/studio';
import { Refusal } from '../../lib/errors';
import type { FailureCounter } from '../../lib/failure-counter';
import { type LoginLimits, loginThrottle } from '../../lib/login-throttle';
import { type DualLimit, describeWait, dualRateLimit } from '../../lib/rate-limit';
import { signedInUser } from '../../plugins/current-user';
import { AUTH_MSG } from './auth.messages';
import * as auth from './auth.service';

export type AuthLimits = { login: LoginLimits } & Record<
  'signup' | 'forgot' | 'changePassword' | 'signInLink',
  DualLimit
>;

const MINUTE = 60_000;
/** Generous for a person (typos, a shared office IP), tight against guessing one account's password. */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  // Failed logins only. The per-account budget is the brute-force cap: 100 guesses per account per hour over all
  // addresses (docs/decisions/0010-account-discovery-and-login-throttling.md).
  login: {
    perAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 100, windowMs: 60 * MINUTE },
    perIp: { max: 100, windowMs: 15 * MINUTE },
  },
  signup: { perIp: { max: 20, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  forgot: { perIp: { max: 20, windowMs: 15 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  changePassword: { perIp: { max: 20, windowMs: 15 * MINUTE } },
  signInLink: { perIp: { max: 20, windowMs: 15 * MINUTE } },
};

export { AUTH_MSG };

export interface AuthRoutesOptions {
  limits?: Partial<AuthLimits>;
  /** Where failed logins are counted (memory, or Redis shared by every process); plugins/rate-limits.ts makes it. */
  failures: FailureCounter;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: app.database.db,
    publicUrl: app.config.publicUrl,
    siteName: async () => (await app.site()).siteName,
  };
  const limits = { ...DEFAULT_AUTH_LIMITS, ...options.limits };
  const emailOf = (request: { body: unknown }) => (request.body as { email?: string } | undefined)?.email;
  const throttle = loginThrottle(options.failures, limits.login, (err) =>
    app.log.warn({ err }, 'the login failure counter is unavailable; logins are not throttled meanwhile'),
  );
  const limited = {
    signInLink: dualRateLimit(base, 'sign-in-link', limits.signInLink),
    signup: dualRateLimit(base, 'signup', limits.signup, emailOf),
    forgot: dualRateLimit(base, 'forgot', limits.forgot, emailOf),
    changePassword: dualRateLimit(base, 'change-password', limits.changePassword),
  };
  const response = { 200: authResult };

  // Expired sessions and spent tokens are useless; clear them out hourly (and once at start).
  let purging: Promise<unknown> = Promise.resolve();
  const purge = () => {
    purging = auth
      .purgeExpired(deps)
      .catch((err: unknown) => app.log.error({ err }, 'purging expired sessions and tokens failed'));
  };
  const purgeTimer = setInterval(purge, 60 * MINUTE).unref();
  app.addHook('onReady', async () => purge());
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    // The database closes after the app: let a running purge finish first.
    await purging;
  });

  /** Work whose duration depends on whether the email has an account runs once the answer has gone
   *  (outbox-worker.ts), so neither the answer nor its timing can depend on it. */
  const afterAnswer = (reply: FastifyReply, name: string, task: () => Promise<unknown>) => {
    const answered = new Promise<void>((resolve) => {
      reply.raw.once('finish', resolve);
      reply.raw.once('close', resolve);
    });
    if (!app.outbox.defer(name, task, answered)) throw new Refusal('busy', AUTH_MSG.busy);
  };

  // The same answer, at the same speed, for a new and a known email: the owner of a known one is mailed. The account
  // is stored before the answer (a login right after it finds the account; a server stopped right after it keeps
  // it), and the work is the same for both, so waiting for it tells nothing.
  app.post(
    '/api/auth/createUser',
    { schema: { body: createUserBody, response }, preHandler: limited.signup },
    async (request) => {
      await auth.signUp(deps, request.body);
      app.outbox.wake();
      return { success: true, msg: AUTH_MSG.signedUp };
    },
  );

  app.post('/api/auth/loginUser', { schema: { body: loginBody, response } }, async (request, reply) => {
    const { email } = request.body;
    const gate = await throttle.begin(email, request.ip);
    if (gate.refused) {
      const { scope, retryAfterSeconds } = gate.refused;
      const wait = describeWait(retryAfterSeconds);
      const headers = { 'retry-after': String(retryAfterSeconds) };
      if (scope === 'address') throw new Refusal('too-many', AUTH_MSG.addressPaused(wait), headers);
      // The account is under attack: its owner gets in by a link, mailed after the answer (whether the email has
      // an account must not show in the answer or its timing).
      afterAnswer(reply, 'sign-in link', () => auth.sendSignInLink(deps, email));
      throw new Refusal('too-many', AUTH_MSG.accountPaused(wait), headers);
    }
    let result: Awaited<ReturnType<typeof auth.login>>;
    try {
      result = await auth.login(deps, { ...request.body, userAgent: request.headers['user-agent'] });
    } catch (err) {
      // A wrong email or password is a failed attempt; any other failure counts as no attempt.
      if (err instanceof Refusal && err.kind === 'unauthorized') await gate.attempt.failed();
      else await gate.attempt.cancel();
      throw err;
    }
    await gate.attempt.succeeded();
    if (result.kind === 'unverified') {
      if (!result.resent) return { success: false, msg: AUTH_MSG.unverifiedLinkRecent };
      app.outbox.wake();
      return { success: false, msg: AUTH_MSG.unverified };
    }
    return { success: true, authToken: result.token, id: result.userId, msg: AUTH_MSG.loggedIn };
  });

  // The one-time link mailed when an account's failed-login limit is reached (an addition to the specified calls).
  app.post(
    '/api/auth/signInWithLink',
    { schema: { body: signInLinkBody, response }, preHandler: limited.signInLink },
    async (request) => {
      const session = await auth.signInWithLink(deps, request.body.token, request.headers['user-agent']);
      app.sessionsChanged();
      return { success: true, authToken: session.token, id: session.userId, msg: AUTH_MSG.loggedIn };
    },
  );

  app.get(
    '/api/auth/verify/:token',
    { schema: { params: z.object({ token: z.string().max(200) }), response } },
    async (request) => {
      const result = await auth.checkToken(deps, request.params.token);
      if (result === 'verified') app.sessionsChanged();
      return { success: true, msg: result === 'verified' ? AUTH_MSG.verified : AUTH_MSG.linkValid };
    },
  );

  app.post(
    '/api/auth/forgot',
    { schema: { body: forgotBody, response }, preHandler: limited.forgot },
    async (request, reply) => {
      const { email } = request.body;
      afterAnswer(reply, 'password reset request', () => auth.requestPasswordReset(deps, email));
      return { success: true, msg: AUTH_MSG.resetSent };
    },
  );

  app.post(
    '/api/auth/Changepassword',
    { schema: { body: changePasswordBody, response }, preHandler: limited.changePassword },
    async (request) => {
      await auth.changePassword(deps, { token: request.body.id, password: request.body.password });
      app.sessionsChanged();
      return { success: true, msg: AUTH_MSG.passwordChanged };
    },
  );

  app.post('/api/auth/logout', { schema: { response }, preHandler: app.requireUser }, async (request) => {
    await auth.logout(deps, signedInUser(request).sessionId);
    app.sessionsChanged();
    return { success: true, msg: AUTH_MSG.loggedOut };
  });

  // Who the token belongs to and the role the server enforces: the web shows the Studio link by it.
  app.get(
    '/api/auth/me',
    { schema: { response: { 200: me } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { id, name, email, role } = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return { _id: id, name, email, role };
    },
  );
};

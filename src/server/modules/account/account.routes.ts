// The account's own calls (`/api/me…`, signed in) and the public profile (`/api/users/{id}`). A call that needs the
// current password checks it through the login throttle: a wrong one is a failed login (403 here), so these calls
// are no way around the login limits.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MSG,
  accountMessage,
  changeMyEmailBody,
  changeMyPasswordBody,
  deleteMyAccountBody,
  exportFileName,
  myAccount as myAccountSchema,
  mySessions as mySessionsSchema,
  publicProfile as publicProfileSchema,
  revokedSessions,
  sessionParams,
  updateMyAccountBody,
  userParams,
} from '../../../shared/account';
import { errorBody } from '../../../shared/contract';
import { Refusal } from '../../lib/errors';
import type { FailureCounter } from '../../lib/failure-counter';
import { type LoginLimits, loginThrottle } from '../../lib/login-throttle';
import { perUserRateLimit, WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { describeWait } from '../../lib/rate-limit';
import { type CurrentUser, signedInUser } from '../../plugins/current-user';
import { AUTH_MSG, verifyPassword } from '../auth';
import * as account from './account.service';
import { exportStream } from './account-export';

export interface AccountRoutesOptions {
  /** The login limits a wrong current password counts against (the same store and limits as logins). */
  login: LoginLimits;
  failures: FailureCounter;
}

const tags = ['account'];
const me = (user: CurrentUser): account.Me => ({ id: user.id, sessionId: user.sessionId, role: user.role });

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps: account.AccountDeps = {
    db,
    publicUrl: app.config.publicUrl,
    siteName: async () => (await app.site()).siteName,
    adminEmails: app.config.adminEmails,
  };
  const throttle = loginThrottle(options.failures, options.login, (err) =>
    app.log.warn({ err }, 'the login failure counter is unavailable; password checks are not throttled meanwhile'),
  );

  /** Checks the signed-in user's current password as a login would be: counted, limited, refused 403 when wrong. */
  async function confirmPassword(request: FastifyRequest, currentPassword: string): Promise<void> {
    const user = signedInUser(request);
    const { passwordHash } = await account.credentialsOf(db, user.id);
    const gate = await throttle.begin(user.email, request.ip);
    if (gate.refused) {
      const { retryAfterSeconds } = gate.refused;
      throw new Refusal('too-many', AUTH_MSG.addressPaused(describeWait(retryAfterSeconds)), {
        'retry-after': String(retryAfterSeconds),
      });
    }
    let ok: boolean;
    try {
      ok = await verifyPassword(passwordHash, currentPassword);
    } catch (err) {
      await gate.attempt.cancel();
      throw err;
    }
    if (!ok) {
      await gate.attempt.failed();
      throw new Refusal('forbidden', ACCOUNT_MSG.wrongPassword);
    }
    await gate.attempt.succeeded();
  }

  // The token is checked before the body: a call without one is 401 whatever it sends.
  const signedIn = { onRequest: app.requireUser };
  const writes = { ...signedIn, config: perUserRateLimit(WRITES_PER_MINUTE) };
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

  app.get(
    '/api/me',
    { ...signedIn, schema: { tags, response: { 200: myAccountSchema, ...refusals } } },
    async (request) => account.myAccount(db, me(signedInUser(request))),
  );

  app.patch(
    '/api/me',
    { ...writes, schema: { tags, body: updateMyAccountBody, response: { 200: myAccountSchema, ...refusals } } },
    async (request) => {
      const result = await account.updateMyAccount(db, me(signedInUser(request)), request.body);
      app.sessionsChanged();
      return result;
    },
  );

  app.post(
    '/api/me/password',
    { ...writes, schema: { tags, body: changeMyPasswordBody, response: { 200: accountMessage, ...refusals } } },
    async (request) => {
      await confirmPassword(request, request.body.currentPassword);
      await account.changeMyPassword(deps, me(signedInUser(request)), request.body.password);
      app.sessionsChanged();
      app.outbox.wake();
      return { msg: ACCOUNT_MSG.passwordChanged };
    },
  );

  app.post(
    '/api/me/email',
    { ...writes, schema: { tags, body: changeMyEmailBody, response: { 200: accountMessage, ...refusals } } },
    async (request) => {
      await confirmPassword(request, request.body.currentPassword);
      await account.requestEmailChange(deps, me(signedInUser(request)), request.body.email);
      app.outbox.wake();
      return { msg: ACCOUNT_MSG.emailChangeSent };
    },
  );

  app.get(
    '/api/me/sessions',
    { ...signedIn, schema: { tags, response: { 200: mySessionsSchema, ...refusals } } },
    async (request) => ({ sessions: await account.mySessions(db, me(signedInUser(request))) }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      ...writes,
      schema: { tags, params: sessionParams, response: { 204: z.null().describe('No content'), ...refusals } },
    },
    async (request, reply) => {
      await account.revokeSession(db, me(signedInUser(request)), request.params.id);
      app.sessionsChanged();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    { ...writes, schema: { tags, response: { 200: revokedSessions, ...refusals } } },
    async (request) => {
      const revoked = await account.revokeOtherSessions(db, me(signedInUser(request)));
      app.sessionsChanged();
      return { revoked };
    },
  );

  app.get('/api/me/export', { ...signedIn, config: perUserRateLimit(10), schema: { tags } }, async (request, reply) => {
    const user = signedInUser(request);
    const now = new Date();
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'no-store');
    return reply.send(exportStream(db, user.id, now));
  });

  app.post(
    '/api/me/delete',
    {
      ...writes,
      schema: { tags, body: deleteMyAccountBody, response: { 204: z.null().describe('No content'), ...refusals } },
    },
    async (request, reply) => {
      await confirmPassword(request, request.body.currentPassword);
      await account.deleteMyAccount(deps, me(signedInUser(request)), request.body.deleteContent);
      app.sessionsChanged();
      app.outbox.wake();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/:id',
    { schema: { tags, params: userParams, response: { 200: publicProfileSchema, 404: errorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return account.publicProfile(db, request.params.id);
    },
  );
};

// The one place that turns the `auth-token` header into the current user. Routes that need a user add
// `preHandler: app.requireUser` and read `request.user`.
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { hashToken, isTokenShaped } from '../lib/tokens';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export async function findUserByToken(db: Db, token: unknown): Promise<CurrentUser | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row ?? null;
}

/** The signed-in user of a request that passed `requireUser`. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await findUserByToken(app.database.db, request.headers['auth-token']);
      if (!user) throw unauthorized();
      request.user = user;
    });
  },
  { name: 'current-user', dependencies: ['database'] },
);

// The one place that turns the `auth-token` header into the current user and their role. Routes that need a user
// add `preHandler: app.requireUser` and read `request.user`; Studio calls use `app.requireAuthor` or
// `app.requireAdmin`. The role is read on every request, so a role change applies at once, to live sessions too.
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { canAuthor, type Role } from '../../shared/studio-rules';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import { effectiveRole } from '../lib/roles';
import { hashToken, isTokenShaped } from '../lib/tokens';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  sessionId: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    /** A signed-in author or admin (the Studio). */
    requireAuthor: preHandlerAsyncHookHandler;
    /** A signed-in admin (roles, moderation, audit). */
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export async function findUserByToken(db: Db, token: unknown, adminEmails: string[] = []): Promise<CurrentUser | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      sessionId: sessions.id,
      role: users.role,
      verifiedAt: users.verifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { verifiedAt, ...user } = row;
  return { ...user, role: effectiveRole({ ...user, verified: verifiedAt !== null }, adminEmails) };
}

/** The signed-in user of a request that passed `requireUser` (or a role check). */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    const signIn = async (request: FastifyRequest) => {
      const user = await findUserByToken(app.database.db, request.headers['auth-token'], app.config.adminEmails);
      if (!user) throw unauthorized();
      request.user = user;
      return user;
    };
    app.decorate('requireUser', async (request: FastifyRequest) => {
      await signIn(request);
    });
    app.decorate('requireAuthor', async (request: FastifyRequest) => {
      const user = await signIn(request);
      if (!canAuthor(user.role)) throw forbidden('The Studio is for authors and admins');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await signIn(request);
      if (user.role !== 'admin') throw forbidden('Only admins can do this');
    });
  },
  { name: 'current-user', dependencies: ['database'] },
);

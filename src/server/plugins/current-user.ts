// The one place that turns the `auth-token` header into the current user and their role. Routes that need a user
// add `preHandler: app.requireUser` and read `request.user`; Studio calls use `app.requireAuthor` or
// `app.requireAdmin`. A session looked up is kept for a few seconds (a player reports progress every 10 s, and a
// lookup per report was half of each write: docs/decisions/0018); a logout, a password change, a verification or a
// role change announces itself like a content write does, so it applies at once in this process and within the
// NOTIFY's delivery in every other one. While a process's LISTEN connection is down, it looks up every request.
import { and, eq, gt, sql } from 'drizzle-orm';
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
  /** Whether their public profile is open (their name links to it on what they write). */
  profilePublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    /** A signed-in author or admin (the Studio). */
    requireAuthor: preHandlerAsyncHookHandler;
    /** A signed-in admin (roles, moderation, audit). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** Call after a session or role change committed: this process forgets its sessions (others hear the NOTIFY). */
    sessionsChanged(): void;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export const SESSIONS_CHANNEL = 'devcourses_sessions';

/** Inside the transaction that revokes sessions or changes who a user is (role, verification): every process
 *  forgets the sessions it keeps when the transaction commits. */
export async function announceSessionChange(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, '')`);
}

/** Sessions looked up recently, by token hash, for at most `ttlMs` and never past the session's own expiry. Each
 *  is kept for between half and all of `ttlMs`, at random: sessions looked up together (after a start, or after
 *  an announcement cleared them all) would otherwise expire together, and every one of their next requests would
 *  wait for its lookup at the same moment, every `ttlMs` (measured in docs/decisions/0024). */
export class SessionCache {
  private readonly entries = new Map<string, { user: CurrentUser; until: number }>();
  private enabled = true;
  /** Counts clears: a lookup that started before one must not keep what it found (it may be the revoked state). */
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly random: () => number = Math.random,
  ) {}

  get(tokenHash: string, now = Date.now()): CurrentUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.user;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** What `set` needs to know that no clear happened since the lookup began. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, user: CurrentUser, expiresAt: Date, mark: number, now = Date.now()): void {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const keptFor = this.ttlMs * (1 - this.random() / 2);
    this.entries.set(tokenHash, { user, until: Math.min(now + keptFor, expiresAt.getTime()) });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Off: clears and keeps nothing until turned on again (the process may be missing announcements). */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.clear();
  }
}

/** The user of a session looked up in the last few seconds, without a look-up: undefined when none is kept. */
export function keptUser(cache: SessionCache, token: unknown): CurrentUser | undefined {
  return isTokenShaped(token) ? cache.get(hashToken(token)) : undefined;
}

export async function findUserByToken(
  db: Db,
  token: unknown,
  adminEmails: string[] = [],
  cache?: SessionCache,
): Promise<CurrentUser | null> {
  if (!isTokenShaped(token)) return null;
  const tokenHash = hashToken(token);
  const kept = cache?.get(tokenHash);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      sessionId: sessions.id,
      role: users.role,
      profilePublic: users.profilePublic,
      verifiedAt: users.verifiedAt,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { verifiedAt, expiresAt, lastUsedAt, ...found } = row;
  await touchSession(db, found.sessionId, lastUsedAt);
  const user = { ...found, role: effectiveRole({ ...found, verified: verifiedAt !== null }, adminEmails) };
  cache?.set(tokenHash, user, expiresAt, mark);
  return user;
}

/** How stale a session's last use may be before a lookup writes it again: the list of sessions shows it to within
 *  this, and a busy session costs one write per this long, not one per request. */
export const LAST_USED_PRECISION_MS = 5 * 60_000;

/** Records that a session was used, when what is stored is older than the precision. */
async function touchSession(db: Db, sessionId: string, lastUsedAt: Date, now = new Date()): Promise<void> {
  if (now.getTime() - lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

/** The signed-in user of a request that passed `requireUser` (or a role check). */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export interface CurrentUserOptions {
  /** The sessions looked up recently; the app shares them with the answers it gives before Fastify. */
  sessions: SessionCache;
}

export default fp<CurrentUserOptions>(
  async (app, options) => {
    app.decorateRequest('user', null);
    const cache = options.sessions;
    app.decorate('sessionsChanged', () => cache.clear());
    const unlisten = await app.database.listen(SESSIONS_CHANNEL, {
      onNotify: () => cache.clear(),
      onConnected: (connected) => {
        if (!connected)
          app.log.warn('session notifications lost: every request looks its session up until they are back');
        cache.setEnabled(connected);
      },
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
    const signIn = async (request: FastifyRequest) => {
      const user = await findUserByToken(app.database.db, request.headers['auth-token'], app.config.adminEmails, cache);
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

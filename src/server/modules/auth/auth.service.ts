// Accounts: sign-up, email verification, login, logout, password reset. Rules live here; a refused call throws a
// Refusal (a wrong password, an invalid or expired link). Tokens are opaque and random, stored only as SHA-256 hashes; passwords as argon2id.
// See docs/decisions/0002-accounts-tokens-and-email.md.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { COMMON_PASSWORD_MSG, isCommonPassword } from '../../../shared/common-passwords';
import { BRAND, TOKEN_TTL_MS } from '../../../shared/constants';
import { type Db, sqlState } from '../../db/client';
import { sessions, users, userTokens } from '../../db/schema';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { enqueueMail } from '../../lib/outbox';
import { createSemaphore } from '../../lib/semaphore';
import { hashToken, isTokenShaped, newToken } from '../../lib/tokens';
import { announceSessionChange } from '../../plugins/current-user';
import { resetEmail, signInLinkEmail, signUpAttemptEmail, verificationEmail } from './auth.emails';
import { AUTH_MSG } from './auth.messages';

export interface AuthDeps {
  db: Db;
  /** Base of the links in emails, without a trailing slash. */
  publicUrl: string;
  now?: () => Date;
  /** The site's name, which signs the mails (its settings); the product's name when not given. */
  siteName?: () => Promise<string>;
}

/** A fresh verification mail goes out at most this often per account. */
export const RESEND_INTERVAL_MS = 60_000;

// argon2id (the library's default algorithm) with OWASP's parameters: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** At most one argon2 computation per core at a time. More would only queue inside libuv's pool (4 threads) and
 *  crowd out the event loop, which on PGlite also runs the database: every other request would wait behind a burst
 *  of logins. */
const argon2Slots = createSemaphore(Math.max(1, availableParallelism()));

export const hashPassword = (password: string): Promise<string> => argon2Slots.run(() => hash(password, ARGON2));
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  argon2Slots.run(() => verify(passwordHash, password)).catch(() => false);

// Checked when the email is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(newToken()));

const brandOf = (deps: AuthDeps) => deps.siteName?.() ?? Promise.resolve(BRAND);
const clock = (deps: AuthDeps) => (deps.now ?? (() => new Date()))();
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts a single-use token of `kind` for the user; answers the raw token (only its hash is stored). */
async function issueToken(
  tx: Tx | Db,
  userId: string,
  kind: 'verify' | 'reset' | 'signin',
  now: Date,
): Promise<string> {
  const token = newToken();
  await tx.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

const verifyLink = (deps: AuthDeps, token: string) => `${deps.publicUrl}/user/verify/${token}`;
const resetLink = (deps: AuthDeps, token: string) => `${deps.publicUrl}/user/change-password/${token}`;

/** Refuses a password on the list of the 10,000 most common ones (wherever a password is set). */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MSG);
}

export type SignUpResult = 'created' | 'email-taken';

/** Signs up: a new email gets an unverified user, its verification token and the mail, in one transaction (all or
 *  nothing); a known one gets nothing new but a mail telling its owner someone tried, and how to log in or reset.
 *  Both do the same work (the argon2 hash, one insert into users that does nothing for a known email, one more
 *  statement, one mail row), so the route can answer after it, with the account stored, and still tell neither
 *  outcome by its answer or its timing. */
export async function signUp(
  deps: AuthDeps,
  input: { name: string; email: string; password: string },
): Promise<SignUpResult> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = clock(deps);
  const brand = await brandOf(deps);
  return deps.db.transaction(async (tx) => {
    // The unique index on lower(email) decides, so two sign-ups racing for one address cannot both create it.
    const [created] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, verificationSentAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      const token = await issueToken(tx, created.id, 'verify', now);
      await enqueueMail(tx, verificationEmail(input.email, input.name, verifyLink(deps, token), brand));
      return 'created';
    }
    const [owner] = await tx.select({ name: users.name, email: users.email }).from(users).where(byEmail(input.email));
    if (owner) {
      await enqueueMail(
        tx,
        signUpAttemptEmail(
          owner.email,
          owner.name,
          `${deps.publicUrl}/login`,
          `${deps.publicUrl}/user/forgot-password`,
          brand,
        ),
      );
    }
    return 'email-taken';
  });
}

/** Signed in, or an account whose email is not verified yet (a fresh link was mailed unless one went recently). A
 *  wrong email or password is refused. */
export type LoginResult = { kind: 'ok'; token: string; userId: string } | { kind: 'unverified'; resent: boolean };

const linkInvalid = () => badRequest(AUTH_MSG.linkInvalid);

/** The User-Agent a session is opened with, kept so its owner can tell their sessions apart; bounded. */
const userAgentOf = (userAgent: string | undefined) => userAgent?.slice(0, 512) ?? null;

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; userAgent?: string },
): Promise<LoginResult> {
  const [user] = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      verifiedAt: users.verifiedAt,
    })
    .from(users)
    .where(byEmail(input.email));
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !passwordOk) throw unauthorized(AUTH_MSG.invalidLogin);

  const now = clock(deps);
  if (!user.verifiedAt) return { kind: 'unverified', resent: await resendVerification(deps, user, now) };

  const token = newToken();
  await deps.db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.session),
    userAgent: userAgentOf(input.userAgent),
    lastUsedAt: now,
  });
  return { kind: 'ok', token, userId: user.id };
}

/** Sends a fresh verification link unless one went out in the last minute. The conditional update makes the
 *  check and the claim one step, so concurrent logins send one mail, not several. */
async function resendVerification(
  deps: AuthDeps,
  user: { id: string; name: string; email: string },
  now: Date,
): Promise<boolean> {
  const brand = await brandOf(deps);
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(users)
      .set({ verificationSentAt: now })
      .where(
        and(
          eq(users.id, user.id),
          or(
            isNull(users.verificationSentAt),
            lt(users.verificationSentAt, new Date(now.getTime() - RESEND_INTERVAL_MS)),
          ),
        ),
      )
      .returning({ id: users.id });
    if (claimed.length === 0) return false;
    const token = await issueToken(tx, user.id, 'verify', now);
    await enqueueMail(tx, verificationEmail(user.email, user.name, verifyLink(deps, token), brand));
    return true;
  });
}

export type CheckTokenResult = 'verified' | 'reset-valid';

/** A verification token is consumed and marks the email verified; a reset token is only checked. Any other token
 *  (unknown, used, expired) names nothing: refused as not found. */
export async function checkToken(deps: AuthDeps, token: string): Promise<CheckTokenResult> {
  if (!isTokenShaped(token)) throw notFound(AUTH_MSG.linkInvalid);
  const now = clock(deps);
  const live = and(
    eq(userTokens.tokenHash, hashToken(token)),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );
  const [row] = await deps.db.select({ kind: userTokens.kind }).from(userTokens).where(live);
  if (!row) throw notFound(AUTH_MSG.linkInvalid);
  if (row.kind === 'reset') return 'reset-valid';
  if (row.kind === 'email') return confirmEmailChange(deps, live, now);

  return deps.db.transaction(async (tx): Promise<CheckTokenResult> => {
    // Consumed by a conditional update: of two clicks racing, one wins.
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(live, eq(userTokens.kind, 'verify')))
      .returning({ userId: userTokens.userId });
    if (!used) throw notFound(AUTH_MSG.linkInvalid);
    await tx
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, ${now})` })
      .where(eq(users.id, used.userId));
    await announceSessionChange(tx);
    return 'verified';
  });
}

/** Follows the link of a change of address: the account's email becomes the new one (proven by the click), and
 *  the waiting change is cleared. Should the address have become another account's meanwhile, the link is refused
 *  as invalid and nothing changes. */
async function confirmEmailChange(deps: AuthDeps, live: SQL | undefined, now: Date): Promise<CheckTokenResult> {
  try {
    return await deps.db.transaction(async (tx): Promise<CheckTokenResult> => {
      const [used] = await tx
        .update(userTokens)
        .set({ usedAt: now })
        .where(and(live, eq(userTokens.kind, 'email')))
        .returning({ userId: userTokens.userId, email: userTokens.email });
      if (!used?.email) throw notFound(AUTH_MSG.linkInvalid);
      await tx
        .update(users)
        .set({
          email: used.email,
          verifiedAt: sql`coalesce(${users.verifiedAt}, ${now})`,
          pendingEmail: sql`case when lower(${users.pendingEmail}) = lower(${used.email}) then null else ${users.pendingEmail} end`,
        })
        .where(eq(users.id, used.userId));
      await announceSessionChange(tx);
      return 'verified';
    });
  } catch (err) {
    // The unique index on lower(email): the address signed up meanwhile.
    if (sqlState(err) === '23505') throw notFound(AUTH_MSG.linkInvalid);
    throw err;
  }
}

/** Issues a reset link when the email belongs to an account; says nothing either way (no account discovery). The
 *  route runs this after answering, so the extra work for a known email does not show in the answer's timing. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(byEmail(email));
  if (!user) return;
  const now = clock(deps);
  const brand = await brandOf(deps);
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'reset', now);
    await enqueueMail(tx, resetEmail(user.email, user.name, resetLink(deps, token), brand));
  });
}

/** Sets the password for a live reset token, consumes it (and every other reset token of the user), and signs
 *  the user out everywhere. Following the emailed link also proves the address, so the email counts as verified.
 *  A token that is not a live reset token is refused. */
export async function changePassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  refuseCommonPassword(input.password);
  if (!isTokenShaped(input.token)) throw linkInvalid();
  const now = clock(deps);
  const live = and(
    eq(userTokens.tokenHash, hashToken(input.token)),
    eq(userTokens.kind, 'reset'),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );
  // A cheap look first, so a made-up token costs no argon2 hash.
  const [candidate] = await deps.db.select({ id: userTokens.id }).from(userTokens).where(live);
  if (!candidate) throw linkInvalid();
  const passwordHash = await hashPassword(input.password);

  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(live)
      .returning({ userId: userTokens.userId });
    if (!used) throw linkInvalid();
    await tx
      .update(users)
      .set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, ${now})` })
      .where(eq(users.id, used.userId));
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, used.userId), eq(userTokens.kind, 'reset'), isNull(userTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    await announceSessionChange(tx);
  });
}

const signInLink = (deps: AuthDeps, token: string) => `${deps.publicUrl}/user/sign-in/${token}`;

/** Mails a one-time sign-in link to the owner of an account whose failed-login limit was reached, at most one per
 *  link lifetime: the owner gets in while guessing stays stopped. Says nothing when the email has no account. */
export async function sendSignInLink(deps: AuthDeps, email: string): Promise<boolean> {
  const now = clock(deps);
  const brand = await brandOf(deps);
  return deps.db.transaction(async (tx) => {
    // The row lock makes concurrent refusals for one account send one link.
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(byEmail(email))
      .for('update');
    if (!user) return false;
    const [recent] = await tx
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, user.id),
          eq(userTokens.kind, 'signin'),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .limit(1);
    if (recent) return false;
    const token = await issueToken(tx, user.id, 'signin', now);
    await enqueueMail(tx, signInLinkEmail(user.email, user.name, signInLink(deps, token), brand));
    return true;
  });
}

/** Consumes a live sign-in link and opens a session; following the emailed link also proves the address. Any other
 *  token is refused. */
export async function signInWithLink(
  deps: AuthDeps,
  token: string,
  userAgent?: string,
): Promise<{ token: string; userId: string }> {
  if (!isTokenShaped(token)) throw linkInvalid();
  const now = clock(deps);
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.tokenHash, hashToken(token)),
          eq(userTokens.kind, 'signin'),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning({ userId: userTokens.userId });
    if (!used) throw linkInvalid();
    await tx
      .update(users)
      .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, ${now})` })
      .where(eq(users.id, used.userId));
    await announceSessionChange(tx);
    const session = newToken();
    await tx.insert(sessions).values({
      userId: used.userId,
      tokenHash: hashToken(session),
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.session),
      userAgent: userAgentOf(userAgent),
      lastUsedAt: now,
    });
    return { token: session, userId: used.userId };
  });
}

/** Revokes one session (the one whose token was sent). */
export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await announceSessionChange(tx);
  });
}

/** Grace before a spent or expired email token is deleted, so a late click still finds (and refuses) it. */
const TOKEN_KEEP_MS = 24 * 60 * 60 * 1000;

/** Deletes what can never be used again: expired sessions, and email tokens used or expired over a day ago. */
export async function purgeExpired(deps: AuthDeps): Promise<{ sessions: number; tokens: number }> {
  const now = clock(deps);
  const cutoff = new Date(now.getTime() - TOKEN_KEEP_MS);
  const gone = await deps.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const spent = await deps.db
    .delete(userTokens)
    .where(or(lt(userTokens.expiresAt, cutoff), lt(userTokens.usedAt, cutoff)))
    .returning({ id: userTokens.id });
  return { sessions: gone.length, tokens: spent.length };
}

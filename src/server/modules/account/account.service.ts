// A person's own account: its settings, password, email, sessions, export and deletion, and the public profile.
// Rules live here; a refused call throws a Refusal. Checking the current password is the routes' (it is throttled
// like a login); what an account holds is listed once, in account-data.ts.
import { setImmediate } from 'node:timers/promises';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MSG,
  type MyAccount,
  type MySession,
  type PublicProfile,
  type UpdateMyAccountBody,
} from '../../../shared/account';
import { COMMON_PASSWORD_MSG, isCommonPassword } from '../../../shared/common-passwords';
import { BRAND, TOKEN_TTL_MS } from '../../../shared/constants';
import type { Role } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import { bugComments, bugs, certificates, sessions, users, userTokens } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { enqueueMail } from '../../lib/outbox';
import { hashToken, newToken } from '../../lib/tokens';
import { announceContentChange } from '../../plugins/content-cache';
import { announceSessionChange } from '../../plugins/current-user';
import { hashPassword } from '../auth';
import {
  accountDeletedEmail,
  confirmEmailChangeEmail,
  emailChangeRequestedEmail,
  emailTakenEmail,
  passwordChangedEmail,
} from './account.emails';
import { ACCOUNT_DATA } from './account-data';
import { parseUserAgent } from './user-agent';

/** Rows of what a person wrote removed or unlinked in one statement while deleting their account. */
export const DELETE_BATCH = 500;

export interface AccountDeps {
  db: Db;
  /** Base of the links in emails, without a trailing slash. */
  publicUrl: string;
  /** The site's name, which signs the mails. */
  siteName?: () => Promise<string>;
  /** Addresses that are admins while verified (ADMIN_EMAILS), lower-case. */
  adminEmails: string[];
}

/** Who is asking: the signed-in user of the call, with the role the server enforces. */
export interface Me {
  id: string;
  sessionId: string;
  role: Role;
}

const brandOf = (deps: AccountDeps) => deps.siteName?.() ?? Promise.resolve(BRAND);
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function issueToken(tx: Db, userId: string, kind: 'reset' | 'email', email: string | null = null) {
  const token = newToken();
  await tx.insert(userTokens).values({
    userId,
    kind,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[kind === 'email' ? 'verify' : 'reset']),
  });
  return token;
}
const resetLink = (deps: AccountDeps, token: string) => `${deps.publicUrl}/user/change-password/${token}`;

/** The account row as the person sees it; refused when it is gone (deleted between the token check and now). */
export async function myAccount(db: Db, me: Me): Promise<MyAccount> {
  const [row] = await db.select().from(users).where(eq(users.id, me.id));
  if (!row) throw notFound('This account no longer exists');
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: me.role,
    bio: row.bio,
    profilePublic: row.profilePublic,
    createdAt: row.createdAt.toISOString(),
    pendingEmail: row.pendingEmail,
  };
}

/** The password hash and address of the account, for the routes' password check. */
export async function credentialsOf(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('This account no longer exists');
  return row;
}

/** PATCH /api/me: the name, the bio and whether the profile is public. The name and the flag are on every session
 *  kept and on rendered pages (names link to open profiles): both forget what they kept when either changes. */
export async function updateMyAccount(db: Db, me: Me, body: UpdateMyAccountBody): Promise<MyAccount> {
  await db.transaction(async (tx) => {
    await tx.update(users).set(body).where(eq(users.id, me.id));
    if (body.name !== undefined || body.profilePublic !== undefined) {
      await announceSessionChange(tx);
      await announceContentChange(tx);
    }
  });
  return myAccount(db, me);
}

/** POST /api/me/password, the current password checked: the new one is set, every other session signed out (this
 *  one stays), unused reset links spent, and the owner told by mail with a way back in should it not be them. */
export async function changeMyPassword(deps: AccountDeps, me: Me, password: string): Promise<void> {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MSG);
  const passwordHash = await hashPassword(password);
  const brand = await brandOf(deps);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, me.id))
      .returning({ email: users.email, name: users.name });
    if (!user) throw notFound('This account no longer exists');
    await tx.delete(sessions).where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)));
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, me.id), eq(userTokens.kind, 'reset'), isNull(userTokens.usedAt)));
    const token = await issueToken(tx, me.id, 'reset');
    await enqueueMail(tx, passwordChangedEmail(user.email, user.name, resetLink(deps, token), brand));
    await announceSessionChange(tx);
  });
}

/** POST /api/me/email, the current password checked. The address waits as `pendingEmail` until its link is followed
 *  (the current one stays in force); the current address is told, with a link to secure the account. An address
 *  that is another account's gets its owner a mail instead of a link, and the answer is the same. */
export async function requestEmailChange(deps: AccountDeps, me: Me, email: string): Promise<void> {
  const brand = await brandOf(deps);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, me.id))
      .for('update');
    if (!user) throw notFound('This account no longer exists');
    if (sameAddress(user.email, email)) throw badRequest(ACCOUNT_MSG.sameEmail);
    await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, me.id));
    // Only the newest request's link works.
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, me.id), eq(userTokens.kind, 'email'), isNull(userTokens.usedAt)));
    const [owner] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (owner) {
      await enqueueMail(tx, emailTakenEmail(owner.email, owner.name, `${deps.publicUrl}/login`, brand));
    } else {
      const token = await issueToken(tx, me.id, 'email', email);
      await enqueueMail(tx, confirmEmailChangeEmail(email, user.name, `${deps.publicUrl}/user/verify/${token}`, brand));
    }
    const reset = await issueToken(tx, me.id, 'reset');
    await enqueueMail(tx, emailChangeRequestedEmail(user.email, user.name, email, resetLink(deps, reset), brand));
  });
}

/** GET /api/me/sessions: the live ones, this one first, then the most recently used. */
export async function mySessions(db: Db, me: Me): Promise<MySession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, me.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`${sessions.id} = ${me.sessionId}`), desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .limit(1000);
  return rows.map((s) => ({
    _id: s.id,
    ...parseUserAgent(s.userAgent),
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.id === me.sessionId,
  }));
}

/** DELETE /api/me/sessions/{id}: one of the person's own sessions (this one too: that is a logout). */
export async function revokeSession(db: Db, me: Me, sessionId: string): Promise<void> {
  if (!isId(sessionId)) throw notFound(ACCOUNT_MSG.sessionNotFound);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, me.id)))
      .returning({ id: sessions.id });
    if (gone.length === 0) throw notFound(ACCOUNT_MSG.sessionNotFound);
    await announceSessionChange(tx);
  });
}

/** POST /api/me/sessions/revoke-others: every session but this one; answers how many. */
export async function revokeOtherSessions(db: Db, me: Me): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)))
      .returning({ id: sessions.id });
    await announceSessionChange(tx);
    return gone.length;
  });
}

/** Admins other than `userId`: stored ones, and verified accounts listed in ADMIN_EMAILS. */
async function otherAdmins(tx: Db, userId: string, adminEmails: string[]): Promise<number> {
  const listed =
    adminEmails.length > 0
      ? sql`(${users.verifiedAt} is not null and lower(${users.email}) in (${sql.join(
          adminEmails.map((e) => sql`${e.toLowerCase()}`),
          sql`, `,
        )}))`
      : sql`false`;
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(ne(users.id, userId), sql`(${users.role} = 'admin' or ${listed})`));
  return Number(row?.n ?? 0);
}

/** POST /api/me/delete, the current password checked: in one transaction every part of the account is removed or
 *  unlinked (account-data.ts), a last mail is queued to the address, and the users row goes with its sessions, so
 *  the token stops working when it commits. The last admin is refused: the site would have no one to run it. */
export async function deleteMyAccount(deps: AccountDeps, me: Me, deleteContent: boolean): Promise<void> {
  const brand = await brandOf(deps);
  // Refused before anything is removed; the transaction checks again under its lock (two admins at once).
  if (me.role === 'admin' && (await otherAdmins(deps.db, me.id, deps.adminEmails)) === 0) {
    throw conflict(ACCOUNT_MSG.lastAdmin);
  }
  // What the person wrote goes (or loses its author) first, in batches of their own, so that reads are not held up
  // for all of it. Should the deletion stop after them, the account is still there, and asking again finishes it.
  const ahead = { userId: me.id, emails: [], deleteContent, now: new Date() };
  for (const part of ACCOUNT_DATA) {
    // Between batches the event loop takes its turn: PGlite runs each statement on this thread, and without the
    // pause the next batch would start in the same turn, before any waiting request is even read.
    while (part.removeBatch && (await part.removeBatch(deps.db, ahead, DELETE_BATCH)) > 0) await setImmediate();
  }
  await deps.db.transaction(async (tx) => {
    if (me.role === 'admin') {
      // Two admins deleting themselves at once must not both pass the check.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('devcourses:last-admin'))`);
      if ((await otherAdmins(tx, me.id, deps.adminEmails)) === 0) throw conflict(ACCOUNT_MSG.lastAdmin);
    }
    const [user] = await tx
      .select({ email: users.email, name: users.name, pendingEmail: users.pendingEmail })
      .from(users)
      .where(eq(users.id, me.id))
      .for('update');
    if (!user) throw notFound('This account no longer exists');
    const context = {
      userId: me.id,
      emails: [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])],
      deleteContent,
      now: new Date(),
    };
    for (const part of ACCOUNT_DATA) await part.remove(tx, context);
    await tx.delete(users).where(eq(users.id, me.id));
    await enqueueMail(tx, accountDeletedEmail(user.email, user.name, `${deps.publicUrl}/`, brand));
    await announceSessionChange(tx);
    await announceContentChange(tx);
  });
}

/** GET /api/users/{id}: a public profile; a private, unknown or malformed one is not found. */
export async function publicProfile(db: Db, userId: string): Promise<PublicProfile> {
  if (!isId(userId)) throw notFound(ACCOUNT_MSG.profileNotFound);
  const [user] = await db
    .select({ id: users.id, name: users.name, bio: users.bio, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.profilePublic, true)));
  if (!user) throw notFound(ACCOUNT_MSG.profileNotFound);
  const max = ACCOUNT_LIMITS.profileListMax;
  const accepted = and(eq(bugComments.userId, userId), eq(bugs.acceptedSolutionId, bugComments.id));
  const [courses, solutions, [solutionTotal], questions, [questionTotal]] = await Promise.all([
    db
      .select({
        courseId: certificates.courseId,
        title: certificates.courseTitle,
        code: certificates.code,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
      .orderBy(desc(certificates.issuedAt))
      .limit(max),
    db
      .select({ id: bugComments.id, bugId: bugs.id, bugTitle: bugs.title, createdAt: bugComments.createdAt })
      .from(bugComments)
      .innerJoin(bugs, eq(bugs.id, bugComments.bugId))
      .where(accepted)
      .orderBy(desc(bugComments.createdAt), desc(bugComments.id))
      .limit(max),
    db.select({ n: count() }).from(bugComments).innerJoin(bugs, eq(bugs.id, bugComments.bugId)).where(accepted),
    db
      .select({
        id: bugs.id,
        title: bugs.title,
        createdAt: bugs.createdAt,
        acceptedSolutionId: bugs.acceptedSolutionId,
      })
      .from(bugs)
      .where(eq(bugs.userId, userId))
      .orderBy(desc(bugs.createdAt), desc(bugs.id))
      .limit(max),
    db.select({ n: count() }).from(bugs).where(eq(bugs.userId, userId)),
  ]);
  return {
    _id: user.id,
    name: user.name,
    bio: user.bio,
    memberSince: user.createdAt.toISOString(),
    coursesCompleted: courses.map((c) => ({
      _id: c.courseId,
      title: c.title,
      completedAt: c.issuedAt.toISOString(),
      certificate: c.code,
    })),
    acceptedSolutions: solutions.map((s) => ({
      _id: s.id,
      bugId: s.bugId,
      bugTitle: s.bugTitle,
      date: s.createdAt.toISOString(),
    })),
    acceptedSolutionCount: Number(solutionTotal?.n ?? 0),
    questions: questions.map((q) => ({
      _id: q.id,
      title: q.title,
      date: q.createdAt.toISOString(),
      solved: q.acceptedSolutionId !== null,
    })),
    questionCount: Number(questionTotal?.n ?? 0),
  };
}

// Admins find users and set their role. Two rules guard the keys to the site: an account listed in ADMIN_EMAILS
// is an admin while listed (only the server's configuration changes that), and the last admin cannot be demoted.
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { StudioUser } from '../../../shared/studio';
import type { Role } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { isId } from '../../lib/ids';
import { effectiveRole } from '../../lib/roles';
import { announceSessionChange } from '../../plugins/current-user';
import { conflict } from '../../lib/errors';
import { type Editor, itemNotFound } from './studio-access';

/** A search answers at most this many users. */
export const USERS_MAX = 50;

/** Role changes take this transaction-scoped lock, so two admins demoting each other cannot both succeed. */
const ROLE_LOCK = 727_002;

const columns = { id: users.id, name: users.name, email: users.email, role: users.role, verifiedAt: users.verifiedAt };
type UserRow = { id: string; name: string; email: string; role: Role; verifiedAt: Date | null };

const isListed = (email: string, adminEmails: string[]) => adminEmails.includes(email.toLowerCase());

const toStudioUser = (row: UserRow, adminEmails: string[]): StudioUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: effectiveRole({ ...row, verified: row.verifiedAt !== null }, adminEmails),
  bootstrapAdmin: isListed(row.email, adminEmails),
});

/** `%`, `_` and `\` in what the admin typed match themselves. */
const likeContaining = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users whose name or email contains `q` (any case), by name; everyone (the first USERS_MAX) when `q` is empty. */
export async function findUsers(db: Db, q: string, adminEmails: string[]): Promise<StudioUser[]> {
  const pattern = likeContaining(q);
  const rows = await db
    .select(columns)
    .from(users)
    .where(q ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(USERS_MAX);
  return rows.map((row) => toStudioUser(row, adminEmails));
}

/** Admins other than `userId` as the server enforces roles: a stored admin role, or a verified listed email. */
async function otherAdmins(tx: Db, userId: string, adminEmails: string[]): Promise<number> {
  const admin =
    adminEmails.length > 0
      ? or(eq(users.role, 'admin'), and(isNotNull(users.verifiedAt), inArray(sql`lower(${users.email})`, adminEmails)))
      : eq(users.role, 'admin');
  const [{ admins }] = await tx
    .select({ admins: count() })
    .from(users)
    .where(and(ne(users.id, userId), admin));
  return admins;
}

export async function setRole(
  db: Db,
  actor: Editor,
  userId: string,
  role: Role,
  adminEmails: string[],
): Promise<StudioUser> {
  if (!isId(userId)) throw itemNotFound('user');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_LOCK})`);
    const [user] = await tx.select(columns).from(users).where(eq(users.id, userId));
    if (!user) throw itemNotFound('user');
    if (isListed(user.email, adminEmails))
      throw conflict(
        `${user.name}'s role is set by ADMIN_EMAILS in the server's configuration: an account listed there is an ` +
          'admin while it is listed, and only removing it from ADMIN_EMAILS changes that',
      );
    if (user.role === role) return toStudioUser(user, adminEmails);
    if (user.role === 'admin' && (await otherAdmins(tx, user.id, adminEmails)) === 0)
      throw conflict(`${user.name} is the last admin: make someone else an admin first, so the site always has one`);
    const [saved] = await tx.update(users).set({ role }).where(eq(users.id, user.id)).returning(columns);
    await announceSessionChange(tx);
    await recordAudit(tx, {
      actor,
      action: 'role',
      entity: 'user',
      entityId: user.id,
      beforeTitle: `${user.name} (${user.role})`,
      afterTitle: `${saved.name} (${saved.role})`,
    });
    return toStudioUser(saved, adminEmails);
  });
}

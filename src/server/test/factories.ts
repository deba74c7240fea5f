// Test factories with overrides: rows that tests need but whose making is not what they test.
import { randomBytes } from 'node:crypto';
import { TOKEN_TTL_MS } from '../../shared/constants';
import type { Role } from '../../shared/studio-rules';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  /** The `auth-token` header value of a live session. */
  token: string;
}

/** A verified user with one live session, inserted directly (no password hashing, no mail). */
export async function createUser(
  db: Db,
  overrides: Partial<{ name: string; email: string; verified: boolean; sessionExpiresAt: Date; role: Role }> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `Tester ${suffix}`;
  const email = overrides.email ?? `tester-${suffix}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: 'not-a-real-hash',
      verifiedAt: overrides.verified === false ? null : new Date(),
      role: overrides.role ?? 'learner',
    })
    .returning({ id: users.id });
  const token = newToken();
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: overrides.sessionExpiresAt ?? new Date(Date.now() + TOKEN_TTL_MS.session),
  });
  return { id: user.id, name, email, token };
}

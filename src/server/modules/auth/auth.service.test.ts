import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { sessions, users, userTokens } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import { createTestDatabase } from '../../test/test-database';
import { purgeExpired } from './auth.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('purgeExpired', () => {
  it('deletes expired sessions and tokens spent or expired over a day ago, and keeps everything still live', async () => {
    const { db } = database;
    const now = new Date('2031-05-01T12:00:00Z');
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    const [user] = await db
      .insert(users)
      .values({ name: 'Purge Tester', email: 'purge@example.test', passwordHash: 'x' })
      .returning({ id: users.id });
    const session = (label: string, expiresAt: Date) => ({
      userId: user.id,
      tokenHash: hashToken(`${label}-${newToken()}`),
      expiresAt,
    });
    await db.insert(sessions).values([session('expired', at(-1)), session('live', at(1))]);
    const token = (kind: 'verify' | 'reset', expiresAt: Date, usedAt: Date | null = null) => ({
      userId: user.id,
      kind,
      tokenHash: hashToken(newToken()),
      expiresAt,
      usedAt,
    });
    await db.insert(userTokens).values([
      token('verify', at(-25)), // expired over a day ago: goes
      token('verify', at(-2)), // expired recently: kept a while
      token('reset', at(1), at(-30)), // used over a day ago: goes
      token('reset', at(1), at(-1)), // used recently: kept
      token('verify', at(20)), // live: kept
    ]);

    expect(await purgeExpired({ db, publicUrl: 'http://x', now: () => now })).toEqual({ sessions: 1, tokens: 2 });
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.expiresAt)).toEqual([at(1)]);
    expect(await db.select().from(userTokens).where(eq(userTokens.userId, user.id))).toHaveLength(3);
    expect(await purgeExpired({ db, publicUrl: 'http://x', now: () => now })).toEqual({ sessions: 0, tokens: 0 });
  });
});

// One-click unsubscribe (RFC 8058): a token in the mail's List-Unsubscribe link names the user, the scope (one type,
// the digest, or all) and the user's unsubscribe version, signed with HMAC-SHA256 by a key derived from the shared
// secret. It needs no login and works any number of times with the same effect; raising the version voids every
// link mailed before.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type EmailMode,
  type NotificationType,
  type UnsubscribeScope,
  unsubscribeScope,
} from '../../../shared/notifications';
import type { Db } from '../../db/client';
import { derivedKey } from '../../lib/cursor';
import { isId } from '../../lib/ids';
import { effectivePreferences, preferencesRow } from './notifications.service';

const mac = async (db: Db, body: string) =>
  createHmac('sha256', await derivedKey(db, 'email-unsubscribe'))
    .update(body)
    .digest()
    .subarray(0, 16);

export async function unsubscribeToken(db: Db, userId: string, scope: UnsubscribeScope, version: number) {
  const body = Buffer.from(`${userId}|${scope}|${version}`, 'utf8').toString('base64url');
  return `${body}.${(await mac(db, body)).toString('base64url')}`;
}

export interface UnsubscribeGrant {
  userId: string;
  scope: UnsubscribeScope;
  version: number;
}

/** The grant a token holds, or null when it is not one this server signed (or is malformed). */
export async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeGrant | null> {
  if (token.length > 300) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  // Compared as text: decoding would ignore the spare bits of the last character, so a changed last character
  // could still decode to the same signature.
  const given = Buffer.from(signature, 'utf8');
  const expected = Buffer.from((await mac(db, body)).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, scope, version, more] = Buffer.from(body, 'base64url').toString('utf8').split('|');
  const parsedScope = unsubscribeScope.safeParse(scope);
  if (!isId(userId) || !parsedScope.success || more !== undefined || !/^\d{1,9}$/.test(version ?? '')) return null;
  return { userId, scope: parsedScope.data, version: Number(version) };
}

/** Applies a grant: the scope's mail turns off. False when the token's version is no longer the user's (or the user
 *  is gone): nothing changes. */
export async function applyUnsubscribe(db: Db, grant: UnsubscribeGrant): Promise<boolean> {
  const row = await preferencesRow(db, grant.userId);
  if ((row?.unsubscribeVersion ?? 1) !== grant.version) return false;
  const current = effectivePreferences(row);
  const off: Partial<Record<NotificationType, EmailMode>> = {};
  for (const type of NOTIFICATION_TYPES) {
    const mode = current.types[type];
    if (grant.scope === 'all' || grant.scope === type || (grant.scope === 'digest' && mode === 'digest'))
      off[type] = 'off';
  }
  const json = JSON.stringify(off);
  const written = (await db.execute(sql`
    insert into notification_preferences (user_id, types)
    select id, ${json}::jsonb from users where id = ${grant.userId}::uuid
    on conflict (user_id) do update set types = notification_preferences.types || excluded.types, updated_at = now()
    returning user_id`)) as { rows: unknown[] };
  return written.rows.length > 0;
}

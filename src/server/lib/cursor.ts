// Opaque list cursors: the position a page ended at, signed with HMAC-SHA256 so the server accepts only
// cursors it issued. The key is made once by a migration (`app_secrets`), so every process signs alike.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

const keys = new WeakMap<object, Promise<Buffer>>();

function cursorKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, 'cursor'))
      .then(([row]) => {
        if (!row) throw new Error('app_secrets has no cursor key: run the migrations');
        return Buffer.from(row.value, 'utf8');
      });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A key for another use of the shared secret (e.g. preview links), derived from it so no signature of one use is
 *  valid for another. */
export async function derivedKey(db: Db, purpose: string): Promise<Buffer> {
  return createHmac('sha256', await cursorKey(db))
    .update(purpose)
    .digest();
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

export async function signCursor(db: Db, position: unknown): Promise<string> {
  const body = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${body}.${mac(await cursorKey(db), body).toString('base64url')}`;
}

/** The position a cursor holds, or null when the cursor is not one this server signed. */
export async function readCursor(db: Db, cursor: string): Promise<unknown> {
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(await cursorKey(db), body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

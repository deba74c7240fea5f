// The account's data as one JSON file, written as it is read: the profile, then each part of account-data.ts in
// batches, so the server holds one batch at a time whatever the account's size, and a slow download slows the reads
// (the stream pulls the next batch only when the last was taken).
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { EXPORT_FORMAT } from '../../../shared/account';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ACCOUNT_DATA } from './account-data';

async function* exportChunks(db: Db, userId: string, now: Date): AsyncGenerator<string> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      bio: users.bio,
      profilePublic: users.profilePublic,
      pendingEmail: users.pendingEmail,
      verifiedAt: users.verifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const account = {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    bio: user.bio,
    profilePublic: user.profilePublic,
    pendingEmail: user.pendingEmail,
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"exportedAt":${JSON.stringify(now.toISOString())},"account":${JSON.stringify(account)}`;
  for (const part of ACCOUNT_DATA) {
    if (!part.export) continue;
    yield `,\n${JSON.stringify(part.name)}:[`;
    let first = true;
    // Rows of one batch go out as one chunk, not one write per row.
    let chunk: string[] = [];
    for await (const row of part.export(db, userId)) {
      chunk.push((first ? '\n' : ',\n') + JSON.stringify(row));
      first = false;
      if (chunk.length >= 100) {
        yield chunk.join('');
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk.join('');
    yield ']';
  }
  yield '}\n';
}

/** The export as a stream of UTF-8 text. */
export const exportStream = (db: Db, userId: string, now = new Date()): Readable =>
  Readable.from(exportChunks(db, userId, now), { objectMode: false, highWaterMark: 64 * 1024 });

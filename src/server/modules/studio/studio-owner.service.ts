// Admins hand an item (course, tutorial, blog post) to an author or another admin: its author becomes that person,
// who may then change it like anything they wrote. Content without an author (the demo catalogue, an item whose
// author's account is gone) belongs to the site until an admin hands it over. One transaction with its audit row
// and the cache NOTIFY (the item's author is in its answers).
import { eq } from 'drizzle-orm';
import { canAuthor } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import { blogs, courses, tutorials, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { effectiveRole } from '../../lib/roles';
import { announceContentChange } from '../../plugins/content-cache';
import { type Editor, itemNotFound } from './studio-access';

export const OWNED_KINDS = {
  courses: { table: courses, name: 'course', entity: 'course' },
  tutorials: { table: tutorials, name: 'tutorial', entity: 'tutorial' },
  blogs: { table: blogs, name: 'blog post', entity: 'blog' },
} as const;
export type OwnedKind = keyof typeof OWNED_KINDS;

/** Makes `userId` the author of the item; answers nothing (the route answers the item as the Studio reads it). */
export async function setOwner(
  db: Db,
  editor: Editor,
  kind: OwnedKind,
  id: string,
  userId: string,
  adminEmails: string[],
): Promise<void> {
  if (editor.role !== 'admin') throw forbidden('Only admins can hand an item to another author');
  const { table, name, entity } = OWNED_KINDS[kind];
  if (!isId(id)) throw itemNotFound(name);
  await db.transaction(async (tx) => {
    const [item] = await tx.select({ title: table.title }).from(table).where(eq(table.id, id)).for('update');
    if (!item) throw itemNotFound(name);
    const [user] = isId(userId)
      ? await tx
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            role: users.role,
            verifiedAt: users.verifiedAt,
          })
          .from(users)
          .where(eq(users.id, userId))
      : [];
    if (!user) throw badRequest('userId: no such user');
    if (!canAuthor(effectiveRole({ ...user, verified: user.verifiedAt !== null }, adminEmails)))
      throw badRequest(`userId: ${user.name} is not an author or admin (give them the author role first)`);
    await tx.update(table).set({ authorId: user.id }).where(eq(table.id, id));
    await recordAudit(tx, {
      actor: editor,
      action: 'owner',
      entity,
      entityId: id,
      beforeTitle: item.title,
      afterTitle: `${item.title} → ${user.name}`,
    });
    await announceContentChange(tx);
  });
}

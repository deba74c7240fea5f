// Who may change what in the Studio, and the refusals its services throw (a Refusal of a kind; the error handler
// gives each kind its status).
import type { Role } from '../../../shared/studio-rules';
import { conflict, forbidden, notFound } from '../../lib/errors';

/** The signed-in author or admin making a Studio call. */
export interface Editor {
  id: string;
  name: string;
  role: Role;
}

export type ItemKind = 'course' | 'lesson' | 'tutorial' | 'blog post' | 'exercise' | 'quiz';

export const itemNotFound = (kind: ItemKind | 'user') => notFound(`${capitalize(kind)} not found`);

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * WordPress-like: an author changes (edits, publishes, unpublishes, deletes) only what they wrote, and the lessons
 * of their courses; an admin changes everything. Content without an author (the demo catalogue) is the admins'.
 */
export function assertMayChange(editor: Editor, item: { authorId: string | null }, kind: ItemKind): void {
  if (editor.role === 'admin') return;
  if (editor.role === 'author' && item.authorId !== null && item.authorId === editor.id) return;
  const which = kind === 'lesson' ? 'the lessons of a course' : `a ${kind}`;
  throw forbidden(
    item.authorId === null
      ? `This ${kind === 'lesson' ? 'course' : kind} has no author: only admins can change it`
      : `Only its author or an admin can change ${which}: this one was written by someone else`,
  );
}

/** The answer to a save made on an old version: somebody saved in between, and their change must not be lost. */
export const staleVersion = (kind: ItemKind, current: number, sent: number) =>
  conflict(
    `Someone else changed this ${kind} while you were editing: it is now at version ${current}, your change was ` +
      `made on version ${sent}. Reload it to see their change, then edit again.`,
  );

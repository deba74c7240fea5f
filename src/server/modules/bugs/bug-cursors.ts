// The positions the bug and solution pages' signed cursors hold: a cursor this server did not issue, or one of
// another list, is refused.
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/ids';

export const badCursor = () => badRequest('cursor is not one this server issued (start again without it)');

/** Newest first: the last row's creation time (PostgreSQL's text form, microseconds) and id. */
export type KeysetCursor = { c: string; i: string };
export const isKeyset = (v: unknown): v is KeysetCursor =>
  typeof v === 'object' && v !== null && typeof (v as KeysetCursor).c === 'string' && isId((v as KeysetCursor).i);

/** Best score first, then newest: the last solution's score, creation time and id. */
export type SolutionCursor = { s: number; c: string; i: string };
export const isSolutionCursor = (v: unknown): v is SolutionCursor =>
  isKeyset(v) && Number.isInteger((v as SolutionCursor).s);

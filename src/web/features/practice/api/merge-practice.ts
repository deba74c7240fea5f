// POST /api/practice/merge {exercises} → {merged, skipped}: at login, the code this browser kept for a visitor joins
// the account (code the account already holds for an exercise wins), then is cleared here.
import type { PracticeMergeBody } from '../../../../shared/practice';
import { api } from '../../../lib/api';
import { clearLocalCode, readAllLocalCode } from '../local-code';

export function mergePractice(body: PracticeMergeBody): Promise<{ merged: number; skipped: string[] }> {
  return api('/api/practice/merge', { method: 'POST', body, auth: true });
}

/** Sends the local code (if any) to the signed-in account and clears it once the server has it. A failure keeps it
 *  for the next login. */
export async function mergeLocalPractice(): Promise<void> {
  const exercises = Object.entries(readAllLocalCode()).map(([exerciseId, { code }]) => ({ exerciseId, code }));
  if (exercises.length === 0) return;
  try {
    await mergePractice({ exercises });
    clearLocalCode();
  } catch {
    // Kept locally: the next login tries again.
  }
}

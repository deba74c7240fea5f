// POST /api/progress/merge {lessons} → {merged, skipped}: at login or sign-up, the progress this browser kept for a
// visitor joins the account (ranges united on the server, never counted twice), then is cleared here.
import type { MergeBody, MergeResult } from '../../../../shared/progress';
import { api } from '../../../lib/api';
import { clearLocalProgress, readLocalProgress } from '../local-progress';

export function mergeProgress(body: MergeBody): Promise<MergeResult> {
  return api<MergeResult>('/api/progress/merge', { method: 'POST', body, auth: true });
}

/** Sends the local progress (if any) to the signed-in account and clears it once the server has it. A failure
 *  keeps it for the next login. */
export async function mergeLocalProgress(): Promise<void> {
  const local = readLocalProgress();
  const lessons = Object.entries(local).map(([lessonId, entry]) => ({
    lessonId,
    ranges: entry.ranges,
    position: entry.position,
    duration: entry.duration,
    completed: entry.completed,
    updatedAt: entry.updatedAt,
  }));
  if (lessons.length === 0) return;
  try {
    await mergeProgress({ lessons });
    clearLocalProgress();
  } catch {
    // Kept locally: the next login tries again.
  }
}

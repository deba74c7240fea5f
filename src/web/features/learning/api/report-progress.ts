// PUT /api/progress/{lessonId} {ranges, position, duration} → {position, percent, completed}. Not through lib/api:
// a report is sent in the background (the top progress bar stays still, every 10 s), and with `keepalive` when the
// page is being hidden or closed, so the request outlives it.
import { STORAGE } from '../../../../shared/constants';
import type { LessonProgressState, ProgressReportBody } from '../../../../shared/progress';
import { ApiError, errorFromResponse, NETWORK_ERROR } from '../../../lib/api';
import { getToken } from '../../../lib/session';

export async function reportProgress(
  lessonId: string,
  body: ProgressReportBody,
  options: { keepalive?: boolean } = {},
): Promise<LessonProgressState> {
  let response: Response;
  try {
    response = await fetch(`/api/progress/${encodeURIComponent(lessonId)}`, {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': 'application/json', [STORAGE.token]: getToken() ?? '' },
      body: JSON.stringify(body),
      keepalive: options.keepalive,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
  return JSON.parse(text) as LessonProgressState;
}

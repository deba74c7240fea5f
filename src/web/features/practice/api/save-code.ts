// PUT /api/exercises/{id}/code {code}: the signed-in learner's latest code, kept between visits.
import { api } from '../../../lib/api';

export function saveCode(exerciseId: string, code: string): Promise<unknown> {
  return api(`/api/exercises/${encodeURIComponent(exerciseId)}/code`, { method: 'PUT', body: { code }, auth: true });
}

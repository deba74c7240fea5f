// POST /api/quizzes/{id}/attempts {answers} → the score, whether it passed and each question's verdict and
// explanation (signed in: the attempt is kept and a pass marks the quiz done).
import type { AttemptBody, AttemptResult } from '../../../../shared/practice';
import { api } from '../../../lib/api';

export function submitAttempt(quizId: string, body: AttemptBody): Promise<AttemptResult> {
  return api<AttemptResult>(`/api/quizzes/${encodeURIComponent(quizId)}/attempts`, {
    method: 'POST',
    body,
    auth: true,
  });
}

// The quiz page's form and what the server hands back with the page it renders in answer to it: kept apart from the
// zod contract (./practice.ts) so that the quiz page's chunk carries no zod.
import type { AttemptBody, AttemptResult } from './practice';

/** The quiz page's form without JavaScript (`POST /quiz/{id}`, form-urlencoded): one field per question, named
 *  `QUIZ_FIELD_PREFIX + questionId`, whose value is a choice id (a radio group) or, repeated, several (checkboxes). */
export const QUIZ_FIELD_PREFIX = 'q-';

/** The answers a quiz form's fields hold, in the attempt body's shape (which bounds their number); other fields are
 *  ignored. */
export function answersFromForm(fields: Record<string, unknown>): AttemptBody['answers'] {
  const answers: AttemptBody['answers'] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(QUIZ_FIELD_PREFIX)) continue;
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    answers.push({ questionId: name.slice(QUIZ_FIELD_PREFIX.length), choiceIds: values });
  }
  return answers;
}

/** What the server hands to the quiz page it renders in answer to the form: the answers as sent, the score (null when
 *  the answers were refused) and the refusal's message. Scored without a token, so not kept. */
export interface QuizFormOutcome {
  answers: AttemptBody['answers'];
  result: AttemptResult | null;
  error: string | null;
}
/** The quiz page's query key for it (never fetched: only handed in with a rendered page). */
export const quizFormOutcomeKey = (quizId: string) => ['quiz', quizId, 'form-outcome'] as const;

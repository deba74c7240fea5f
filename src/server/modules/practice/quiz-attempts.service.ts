// Scoring a quiz attempt: `score` counts the questions answered right, a multiple-answer question being right only
// with exactly its correct choices; the attempt passes at `passMark` percent or more. The attempt is stored with
// the learner's latest `PRACTICE.attemptsKept` (older ones are deleted in the same transaction), and a pass marks
// the quiz passed for good. Retakes are always allowed.
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type AttemptBody, type AttemptResult, PRACTICE } from '../../../shared/practice';
import type { Db } from '../../db/client';
import { quizAttempts, type StoredQuestion } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { lockLearnerItem, markPassed, quizNotFound } from './practice-items';
import { findVisibleItem } from './practice-reads.service';
import { issueIfComplete } from '../certificates';

/** Each question's verdict for the answers given; an answer naming an unknown question, a choice of another
 *  question, or two choices of a single-answer question is refused, naming it. */
export function scoreAnswers(
  questions: StoredQuestion[],
  answers: AttemptBody['answers'],
  passMark: number,
): AttemptResult {
  const chosen = new Map<string, Set<string>>();
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const answer of answers) {
    const question = byId.get(answer.questionId.toLowerCase());
    if (!question) throw badRequest(`answers: ${answer.questionId} is not a question of this quiz`);
    if (chosen.has(question.id)) throw badRequest(`answers: question ${answer.questionId} is answered twice`);
    const choiceIds = new Set(answer.choiceIds.map((id) => id.toLowerCase()));
    for (const choiceId of choiceIds)
      if (!question.choices.some((choice) => choice.id === choiceId))
        throw badRequest(`answers: ${choiceId} is not a choice of question ${question.id}`);
    if (!question.multiple && choiceIds.size > 1) throw badRequest(`answers: question ${question.id} takes one choice`);
    chosen.set(question.id, choiceIds);
  }
  const verdicts = questions.map((question) => {
    const correctChoiceIds = question.choices.filter((choice) => choice.correct).map((choice) => choice.id);
    const mine = chosen.get(question.id) ?? new Set<string>();
    const correct = mine.size === correctChoiceIds.length && correctChoiceIds.every((id) => mine.has(id));
    return { _id: question.id, correct, correctChoiceIds, explanation: question.explanation };
  });
  const score = verdicts.filter((verdict) => verdict.correct).length;
  const total = questions.length;
  return { score, total, passed: total > 0 && (score / total) * 100 >= passMark, questions: verdicts };
}

/** POST /api/quizzes/{id}/attempts: scores, stores and answers the attempt. */
export async function attemptQuiz(db: Db, userId: string, quizId: string, body: AttemptBody): Promise<AttemptResult> {
  const quiz = await findVisibleItem(db, 'quiz', quizId);
  if (!quiz) throw quizNotFound();
  const result = scoreAnswers(quiz.questions ?? [], body.answers, quiz.passMark ?? PRACTICE.quiz.passMarkDefault);
  await db.transaction(async (tx) => {
    await lockLearnerItem(tx, userId, quiz.id);
    await tx.insert(quizAttempts).values({
      quizId: quiz.id,
      userId,
      answers: body.answers,
      score: result.score,
      total: result.total,
      passed: result.passed,
    });
    await keepLatestAttempts(tx, userId, quiz.id);
    if (result.passed) await markPassed(tx, userId, quiz.id);
  });
  // A pass may complete the course: its certificate is issued once the pass is stored.
  if (result.passed && quiz.courseId) await issueIfComplete(db, userId, quiz.courseId);
  return result;
}

/** Deletes the learner's attempts at the quiz beyond the latest `PRACTICE.attemptsKept`. */
async function keepLatestAttempts(tx: Db, userId: string, quizId: string): Promise<void> {
  const mine = and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId));
  const kept = tx
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(mine)
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(PRACTICE.attemptsKept);
  await tx.delete(quizAttempts).where(and(mine, notInArray(quizAttempts.id, kept)));
}

/** POST /quiz/{id} (the quiz page's form without JavaScript): scores the answers without keeping them, refusing as
 *  the attempts call does. A form post carries no token, so there is no learner to keep them for (decision 0050). */
export async function scoreQuiz(db: Db, quizId: string, body: AttemptBody): Promise<AttemptResult> {
  const quiz = await findVisibleItem(db, 'quiz', quizId);
  if (!quiz) throw quizNotFound();
  return scoreAnswers(quiz.questions ?? [], body.answers, quiz.passMark ?? PRACTICE.quiz.passMarkDefault);
}

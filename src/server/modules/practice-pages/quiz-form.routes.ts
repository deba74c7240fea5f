// POST /quiz/{id}: the quiz page's form without JavaScript (form-urlencoded, one field per question). A form post
// carries no auth-token, so the answers are scored without being kept (decision 0050), and the answer is the quiz page
// itself, rendered with the answers and the result handed in (never cached). Registered after the web app, whose
// renderer it uses.
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AttemptBody, attemptBody, type AttemptResult } from '../../../shared/practice';
import { answersFromForm, type QuizFormOutcome, quizFormOutcomeKey } from '../../../shared/practice-form';
import { notFound, Refusal } from '../../lib/errors';

export interface QuizFormRoutesOptions {
  /** Scores answers to a quiz without keeping them, refusing as the attempts call does (unknown quiz: not-found; a
   *  choice of another question: invalid). */
  score: (quizId: string, body: AttemptBody) => Promise<AttemptResult>;
}

const params = z.object({ quizId: z.string().max(100, 'quizId is too long') });

export const quizFormRoutes: FastifyPluginAsync<QuizFormRoutesOptions> = async (instance, { score }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Form bodies are read by this plugin's routes only: every API call stays JSON.
  await app.register(formbody);

  app.post('/quiz/:quizId', { schema: { hide: true, params } }, async (request, reply) => {
    const { quizId } = request.params;
    const fields = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const outcome: QuizFormOutcome = { answers: answersFromForm(fields), result: null, error: null };
    const parsed = attemptBody.safeParse({ answers: outcome.answers });
    if (!parsed.success) outcome.error = parsed.error.issues[0]?.message ?? 'The answers are not valid';
    else {
      try {
        outcome.result = await score(quizId, parsed.data);
      } catch (err) {
        // An unknown quiz renders as the 404 view (the page's own read says so); other refusals are shown above the
        // form, beside the answers as sent.
        if (!(err instanceof Refusal) || (err.kind !== 'invalid' && err.kind !== 'not-found')) throw err;
        if (err.kind === 'invalid') outcome.error = err.message;
      }
    }
    const page = await app.renderPage(`/quiz/${encodeURIComponent(quizId)}`, [
      { key: quizFormOutcomeKey(quizId), data: outcome },
    ]);
    if (!page) throw notFound(`Not found: POST ${request.url.split('?')[0]}`);
    return reply
      .status(page.status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
};

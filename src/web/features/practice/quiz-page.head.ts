// A quiz page on the server: the quiz (questions and choices, no answers) and its lesson's or tutorial's practice list
// (for 'Next') are read in process, so the form works without JavaScript; its head describes the quiz.
import type { Quiz } from '../../../shared/practice';
import { patterns, paths } from '../../app/paths';
import { declarePage } from '../../ssr/page-declaration';
import { quizQueryOptions } from './api/get-quiz';

export const page = declarePage({
  pattern: patterns.quiz,
  reads: ['/api/quizzes/', '/api/practice/'],
  head: ({ client, params, url }) => {
    const id = params.quizId ?? '';
    const quiz = client.getQueryData<Quiz>(quizQueryOptions(id).queryKey);
    if (!quiz) return null;
    const count = quiz.questions.length;
    return {
      shareTitle: `Quiz: ${quiz.title}`,
      description: `A DevCourses quiz of ${count} ${count === 1 ? 'question' : 'questions'}: ${quiz.title}.`,
      canonical: url(paths.quiz(id)),
    };
  },
});

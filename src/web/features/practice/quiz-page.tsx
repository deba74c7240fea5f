// '/quiz/:quizId': single-choice questions as radio groups, multiple-choice ones as checkboxes, each in a fieldset
// with its question as legend. A signed-in learner's answers go to the API (kept; a pass marks the quiz done); a
// visitor's, and anyone's without JavaScript, go as a plain form post to this same address, which the server scores
// without keeping and answers with this page showing the result (handed in under `quizFormOutcomeKey`). In a preview
// (the Studio's draft or working copy) the questions can be tried but not sent: the server scores the published
// version only, and a signed-in author's attempt would be kept.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import type { AttemptResult, Quiz } from '../../../shared/practice';
import { QUIZ_FIELD_PREFIX } from '../../../shared/practice-form';
import { paths } from '../../app/paths';
import { usePreviewing } from '../../components/preview-frame';
import { QueryView } from '../../components/query-view';
import { isApiError } from '../../lib/api';
import { focusElement } from '../../lib/focus';
import { Link, useParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useLearnerQuiz, useQuiz, useQuizFormOutcome } from './api/get-quiz';
import { submitAttempt } from './api/submit-attempt';
import { PassedMark } from './components/passed-mark';
import { PracticeNav } from './components/practice-nav';
import './practice.css';

export default function QuizPage() {
  const { quizId = '' } = useParams();
  const quiz = useQuiz(quizId);
  return (
    <QueryView query={quiz} loadingLabel="Loading the quiz…" what="The quiz">
      {(data) => <QuizView key={data._id} quiz={data} />}
    </QueryView>
  );
}

type Answers = Record<string, string[]>;

function QuizView({ quiz }: { quiz: Quiz }) {
  const session = useSession();
  const previewing = usePreviewing();
  const signedIn = session.signedIn && !previewing;
  const learner = useLearnerQuiz(quiz._id, signedIn);
  const handed = useQuizFormOutcome(quiz._id);
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries((handed?.answers ?? []).map((a) => [a.questionId, a.choiceIds])),
  );
  const [result, setResult] = useState<AttemptResult | null>(handed?.result ?? null);
  /** Whether the server kept this result (a signed-in learner's attempt through the API). */
  const [kept, setKept] = useState(false);
  const [problem, setProblem] = useState<string | null>(handed?.error ?? null);
  const [busy, setBusy] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Focus goes to the result once it is drawn (after a submit, not when the server handed one in). */
  const focusResult = useRef(false);
  const titleId = useId();
  const passedBefore = learner.data?.passed === true;

  useEffect(() => {
    if (!focusResult.current || !result) return;
    focusResult.current = false;
    if (resultHeading.current) focusElement(resultHeading.current);
  }, [result]);

  const choose = (questionId: string, choiceId: string, multiple: boolean, on: boolean) =>
    setAnswers((current) => {
      const now = current[questionId] ?? [];
      const next = multiple ? (on ? [...now, choiceId] : now.filter((id) => id !== choiceId)) : [choiceId];
      return { ...current, [questionId]: next };
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // A preview sends nothing (Enter in a field would still submit the form).
    if (previewing) return event.preventDefault();
    // A visitor's answers go as the plain form post: the server scores them and answers with the result page.
    if (!signedIn) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const scored = await submitAttempt(quiz._id, {
        answers: quiz.questions.map((q) => ({ questionId: q._id, choiceIds: answers[q._id] ?? [] })),
      });
      focusResult.current = true;
      setResult(scored);
      setKept(true);
      if (scored.passed) {
        void queryClient.invalidateQueries({ queryKey: ['practice'] });
        void queryClient.invalidateQueries({ queryKey: ['progress'] });
        void queryClient.invalidateQueries({ queryKey: ['quiz', quiz._id, 'learner'] });
      }
    } catch (err) {
      setProblem(isApiError(err) ? err.message : 'The answers could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  };

  // Retake: a plain link to the quiz without JavaScript; here the form empties in place and focus goes to its first
  // question.
  const retake = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setResult(null);
    setAnswers({});
    setProblem(null);
    setKept(false);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };

  const verdictOf = (questionId: string) => result?.questions.find((q) => q._id === questionId);

  return (
    <article className="container practice" aria-labelledby={titleId}>
      <p className="practice__kind">Quiz</p>
      <h1 id={titleId} className="page-title practice__title">
        {quiz.title}
        {passedBefore && <PassedMark />}
      </h1>
      <p className="practice__meta">
        {quiz.questions.length} {quiz.questions.length === 1 ? 'question' : 'questions'} · pass mark {quiz.passMark}%
      </p>

      <div aria-live="polite" aria-atomic="true">
        {result && (
          <section
            className={result.passed ? 'practice-verdict practice-verdict--passed' : 'practice-verdict'}
            aria-label="Your result"
          >
            <h2 ref={resultHeading} className="practice-verdict__title">
              <span aria-hidden="true">{result.passed ? '✓ ' : '✗ '}</span>
              {result.passed ? 'Passed' : 'Not passed'}
            </h2>
            <p>
              Score: {result.score} / {result.total} (pass mark {quiz.passMark}%)
            </p>
            {!kept && !signedIn && (
              <p>
                <Link to={paths.login()} state={{ from: paths.quiz(quiz._id) }}>
                  Log in to keep your result
                </Link>
                : answered signed out, the quiz is scored but not kept.
              </p>
            )}
            <a className="button button--ghost" href={paths.quiz(quiz._id)} onClick={retake}>
              Retake the quiz
            </a>
          </section>
        )}
      </div>
      {problem && (
        <p className="practice-problem" role="alert">
          {problem}
        </p>
      )}

      <form
        ref={formRef}
        className="quiz-form"
        method="post"
        action={paths.quiz(quiz._id)}
        onSubmit={(event) => void onSubmit(event)}
      >
        {quiz.questions.map((question, index) => {
          const verdict = verdictOf(question._id);
          const chosen = answers[question._id] ?? [];
          return (
            <fieldset key={question._id} className="quiz-question" disabled={result !== null}>
              <legend className="quiz-question__text">
                <span className="quiz-question__number">Question {index + 1}.</span> {question.text}
                <span className="quiz-question__hint">
                  {question.multiple ? ' (choose every right answer)' : ' (choose one)'}
                </span>
              </legend>
              <ul className="quiz-choices">
                {question.choices.map((choice) => {
                  const right = verdict?.correctChoiceIds.includes(choice._id) ?? false;
                  return (
                    <li key={choice._id}>
                      <label className="quiz-choice">
                        <input
                          type={question.multiple ? 'checkbox' : 'radio'}
                          name={`${QUIZ_FIELD_PREFIX}${question._id}`}
                          value={choice._id}
                          checked={chosen.includes(choice._id)}
                          onChange={(e) => choose(question._id, choice._id, question.multiple, e.target.checked)}
                        />
                        <span>{choice.text}</span>
                        {verdict && right && <span className="quiz-choice__right">(right answer)</span>}
                      </label>
                    </li>
                  );
                })}
              </ul>
              {verdict && (
                <div
                  className={verdict.correct ? 'quiz-verdict quiz-verdict--right' : 'quiz-verdict quiz-verdict--wrong'}
                >
                  <p className="quiz-verdict__word">
                    <span aria-hidden="true">{verdict.correct ? '✓ ' : '✗ '}</span>
                    {verdict.correct ? 'Right' : 'Wrong'}
                  </p>
                  {verdict.explanation && <p>{verdict.explanation}</p>}
                </div>
              )}
            </fieldset>
          );
        })}
        {previewing ? (
          <p className="practice__hint">This is a preview: answers are not sent, so the quiz is not scored here.</p>
        ) : (
          !result && (
            <button type="submit" className="button" aria-disabled={busy}>
              {busy ? 'Sending…' : 'Submit answers'}
            </button>
          )
        )}
      </form>
      <PracticeNav place={quiz} />
    </article>
  );
}

// '/exercise/:exerciseId': the prompt, an editor holding the learner's code (the starter code at first), Run (the
// visible tests in the browser's sandbox), Submit (the server's verdict over every test, signed in), Reset (asks
// first), the tests with their state and the output. Without JavaScript the prompt and the starter code are still
// there (the code in a <pre>). Reloading never runs code: only the buttons do. In a preview (the Studio's draft or
// working copy) Run works as here, and nothing is kept: no code saved, no Submit, which would grade the published
// version and record the verdict.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  type Exercise,
  type RunResult,
  type Submission,
  TEXTS,
  type TestResult,
  type VisibleTest,
} from '../../../shared/practice';
import { paths } from '../../app/paths';
import { usePreviewing } from '../../components/preview-frame';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { isApiError } from '../../lib/api';
import { Link, useParams } from '../../lib/router';
import { getSession, useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useExercise, useLearnerExercise } from './api/get-exercise';
import { saveCode } from './api/save-code';
import { submitCode } from './api/exercise-submissions';
import { PassedMark } from './components/passed-mark';
import { PracticeNav } from './components/practice-nav';
import { RecentSubmissions } from './components/recent-submissions';
import { CodeEditor, CodePreview } from './editor/code-editor';
import { readLocalCode, saveLocalCode } from './local-code';
import { createRunner, type Runner } from './runner/runner-host';
import './practice.css';

/** How long the code must stay unchanged before a signed-in learner's code is saved. */
const SAVE_AFTER_MS = 1_000;

export default function ExercisePage() {
  const { exerciseId = '' } = useParams();
  const exercise = useExercise(exerciseId);
  return (
    <QueryView query={exercise} loadingLabel="Loading the exercise…" what="The exercise">
      {(data) => <ExerciseView key={data._id} exercise={data} />}
    </QueryView>
  );
}

type Outcome = { kind: 'run'; result: RunResult } | { kind: 'submit'; result: Submission };

const LANGUAGE_NAMES = { javascript: 'JavaScript', typescript: 'TypeScript', python: 'Python' } as const;

/** One line saying how it went, for the page and for screen readers. */
export function outcomeSummary(outcome: Outcome, timeLimitMs: number): string {
  const { result } = outcome;
  if (result.verdict === 'timeout') return TEXTS.timedOut(timeLimitMs);
  if (result.verdict === 'error') return `Error: ${result.error ?? 'the code could not run'}`;
  const passed = result.tests.filter((t) => t.passed).length;
  const total = result.tests.length;
  if (outcome.kind === 'run')
    return result.verdict === 'passed'
      ? `All ${total} visible ${total === 1 ? 'test' : 'tests'} passed`
      : `${passed} of ${total} visible ${total === 1 ? 'test' : 'tests'} passed`;
  return result.verdict === 'passed' ? 'Passed' : `Failed: ${passed} of ${total} tests passed`;
}

function ExerciseView({ exercise }: { exercise: Exercise }) {
  const session = useSession();
  const previewing = usePreviewing();
  // A preview is nobody's attempt: it starts from the starter code and keeps nothing.
  const signedIn = session.signedIn && !previewing;
  const learner = useLearnerExercise(exercise._id, signedIn);
  const queryClient = useQueryClient();
  const ids = { title: useId(), code: useId(), hint: useId(), tests: useId(), output: useId() };

  // The learner's code: null until the browser knows whose it is (the server and the hydrating render show the
  // starter code in a <pre>): a visitor's from this browser, a learner's from the server, else the starter code.
  const hydrated = useHydrated();
  const kept = useMemo(
    () => (hydrated && !signedIn && !previewing ? readLocalCode(exercise._id) : null),
    [hydrated, signedIn, previewing, exercise._id],
  );
  const [edited, setEdited] = useState<string | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  let code: string | null = edited;
  if (code === null && hydrated) {
    if (!signedIn) code = kept ?? exercise.starterCode;
    else if (learner.isSuccess) code = learner.data.savedCode ?? exercise.starterCode;
    else if (learner.isError) code = exercise.starterCode;
  }

  // Kept as it changes: a visitor's in this browser, a learner's on the server once the typing pauses.
  const settled = useDebouncedValue(edited, SAVE_AFTER_MS);
  const lastSaved = useRef<string | null>(null);
  useEffect(() => {
    if (previewing || settled === null || settled === lastSaved.current) return;
    lastSaved.current = settled;
    if (getSession().token === null) saveLocalCode(exercise._id, settled);
    else saveCode(exercise._id, settled).catch(() => (lastSaved.current = null));
  }, [settled, previewing, exercise._id]);

  // The sandboxed runner: made on the first Run (its frame and runtime load then), removed with the page.
  const runner = useRef<Runner | null>(null);
  const runNumber = useRef(0);
  const [busy, setBusy] = useState<'run' | 'submit' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => runner.current?.dispose(), []);

  const run = async () => {
    if (code === null || busy) return;
    const mine = ++runNumber.current;
    setBusy('run');
    setProblem(null);
    setStatus('Starting…');
    runner.current ??= createRunner();
    const result = await runner.current.run(
      {
        language: exercise.language,
        code,
        tests: exercise.tests.map((t) => ({ name: t.name, code: t.code, hidden: false })),
        timeLimitMs: exercise.timeLimitMs,
      },
      { onRunning: () => mine === runNumber.current && setStatus('Running…') },
    );
    if (mine !== runNumber.current) return;
    setBusy(null);
    if (result.verdict === 'stopped') {
      setStatus(result.error ?? 'Stopped');
      return;
    }
    const next: Outcome = { kind: 'run', result: { ...result, verdict: result.verdict } };
    setOutcome(next);
    setStatus(outcomeSummary(next, exercise.timeLimitMs));
  };

  // The run in progress answers 'stopped', which ends it above.
  const stop = () => runner.current?.stop();

  const submit = async () => {
    if (code === null || busy) return;
    const mine = ++runNumber.current;
    setBusy('submit');
    setProblem(null);
    setStatus('Checking your code on the server…');
    try {
      const result = await submitCode(exercise._id, code);
      if (mine !== runNumber.current) return;
      const next: Outcome = { kind: 'submit', result };
      setOutcome(next);
      setStatus(outcomeSummary(next, exercise.timeLimitMs));
      if (result.verdict === 'passed') {
        void queryClient.invalidateQueries({ queryKey: ['practice'] });
        void queryClient.invalidateQueries({ queryKey: ['progress'] });
        void queryClient.invalidateQueries({ queryKey: ['exercise', exercise._id, 'learner'] });
      }
      void queryClient.invalidateQueries({ queryKey: ['exercise', exercise._id, 'submissions'] });
    } catch (err) {
      if (mine !== runNumber.current) return;
      setStatus('');
      setProblem(isApiError(err) ? err.message : 'The code could not be sent. Try again.');
    } finally {
      if (mine === runNumber.current) setBusy(null);
    }
  };

  const reset = () => {
    if (!window.confirm('Reset the code to the starter code? Your changes will be lost.')) return;
    setEdited(exercise.starterCode);
    setEditorKey((k) => k + 1);
    setOutcome(null);
    setStatus('The code is back to the starter code');
  };

  const passed = learner.data?.passed === true || (outcome?.kind === 'submit' && outcome.result.verdict === 'passed');

  return (
    <article className="container practice" aria-labelledby={ids.title}>
      <p className="practice__kind">Exercise · {LANGUAGE_NAMES[exercise.language]}</p>
      <h1 id={ids.title} className="page-title practice__title">
        {exercise.title}
        {passed && <PassedMark />}
      </h1>
      <RichHtml html={exercise.prompt} />

      <section className="practice-section" aria-labelledby={ids.code}>
        <h2 id={ids.code} className="practice-section__title">
          Your code
        </h2>
        <p id={ids.hint} className="practice__hint">
          {LANGUAGE_NAMES[exercise.language]}; each run may take up to {exercise.timeLimitMs / 1000} s.
        </p>
        {code === null ? (
          <div className="code-editor">
            <CodePreview value={exercise.starterCode} />
          </div>
        ) : (
          <CodeEditor
            key={editorKey}
            value={code}
            onChange={setEdited}
            language={exercise.language}
            label={`Code for ${exercise.title}`}
            describedBy={ids.hint}
          />
        )}
        <div className="practice-actions">
          {busy === 'run' ? (
            <button type="button" className="button" onClick={stop}>
              Stop
            </button>
          ) : (
            <button
              type="button"
              className="button"
              aria-disabled={code === null || busy !== null}
              onClick={() => void run()}
            >
              Run
            </button>
          )}
          {previewing ? null : signedIn ? (
            <button
              type="button"
              className="button"
              aria-disabled={code === null || busy !== null}
              onClick={() => void submit()}
            >
              {busy === 'submit' ? 'Submitting…' : 'Submit'}
            </button>
          ) : (
            <Link className="button button--ghost" to={paths.login()} state={{ from: paths.exercise(exercise._id) }}>
              Log in to submit
            </Link>
          )}
          <button type="button" className="button button--ghost" aria-disabled={code === null} onClick={reset}>
            Reset
          </button>
        </div>
        {previewing ? (
          <p className="practice__hint">
            This is a preview: Run checks the visible tests here, and nothing is submitted or kept.
          </p>
        ) : (
          !signedIn && (
            <p className="practice__hint">Your code is kept in this browser and joins your account when you log in.</p>
          )
        )}
        <div className="practice-status" aria-live="polite" aria-atomic="true">
          {status && (
            <p className={`practice-status__text practice-status__text--${statusTone(outcome, status)}`}>
              <span aria-hidden="true">{statusSign(outcome, status)}</span>
              {status}
            </p>
          )}
        </div>
        {problem && (
          <p className="practice-problem" role="alert">
            {problem}
          </p>
        )}
      </section>

      <TestsSection id={ids.tests} tests={exercise.tests} hiddenTests={exercise.hiddenTests} outcome={outcome} />

      <section className="practice-section" aria-labelledby={ids.output}>
        <h2 id={ids.output} className="practice-section__title">
          Output
        </h2>
        <div className="practice-console" role="region" aria-label="Console" tabIndex={0}>
          <pre>
            {outcome ? consoleText(outcome.result) || 'Nothing was printed.' : 'Run your code to see what it prints.'}
          </pre>
        </div>
      </section>

      {signedIn && <RecentSubmissions exerciseId={exercise._id} />}
      <PracticeNav place={exercise} />
    </article>
  );
}

const noSubscription = () => () => {};
/** False on the server and while hydrating (so both draw the same), true after. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The console: what the code printed, then the error, if any. */
function consoleText(result: RunResult): string {
  return [result.output, result.error].filter(Boolean).join(result.output.endsWith('\n') ? '' : '\n');
}

function statusTone(outcome: Outcome | null, status: string): 'passed' | 'failed' | 'neutral' {
  if (!outcome || status === 'Stopped' || status.startsWith('Running') || status.startsWith('Checking'))
    return 'neutral';
  return outcome.result.verdict === 'passed' ? 'passed' : 'failed';
}

function statusSign(outcome: Outcome | null, status: string): string {
  const tone = statusTone(outcome, status);
  return tone === 'passed' ? '✓ ' : tone === 'failed' ? '✗ ' : '';
}

interface TestRow {
  key: string;
  name: string;
  code?: string;
  result?: TestResult;
}

function TestsSection({
  id,
  tests,
  hiddenTests,
  outcome,
}: {
  id: string;
  tests: VisibleTest[];
  hiddenTests: number;
  outcome: Outcome | null;
}) {
  const visibleResults = outcome?.result.tests.filter((t) => !t.hidden) ?? [];
  const rows: TestRow[] = tests.map((test, i) => ({
    key: test._id,
    name: test.name,
    code: test.code,
    result: visibleResults[i],
  }));
  if (outcome?.kind === 'submit')
    outcome.result.tests
      .filter((t) => t.hidden)
      .forEach((t, i) => rows.push({ key: `hidden-${i}`, name: t.name, result: t }));
  return (
    <section className="practice-section" aria-labelledby={id}>
      <h2 id={id} className="practice-section__title">
        Tests
      </h2>
      {hiddenTests > 0 && (
        <p className="practice__hint">
          Submit also runs {hiddenTests} hidden {hiddenTests === 1 ? 'test' : 'tests'}; their code stays private.
        </p>
      )}
      <ul className="practice-tests">
        {rows.map((row) => (
          <li key={row.key} className={`practice-test practice-test--${testState(row.result)}`}>
            <p className="practice-test__head">
              <span className="practice-test__state">
                <span aria-hidden="true">{row.result ? (row.result.passed ? '✓' : '✗') : '○'}</span>{' '}
                {row.result ? (row.result.passed ? 'Passed' : 'Failed') : 'Not run yet'}
              </span>
              <span className="practice-test__name">{row.name}</span>
            </p>
            {row.result && !row.result.passed && row.result.message && (
              <p className="practice-test__message">{row.result.message}</p>
            )}
            {row.code !== undefined && (
              <details className="practice-test__code">
                <summary>Test code</summary>
                <pre>
                  <code>{row.code}</code>
                </pre>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const testState = (result?: TestResult) => (result ? (result.passed ? 'passed' : 'failed') : 'pending');

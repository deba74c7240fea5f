// A runnable example in place of its code block: the editor holding the block's code, Run and Stop, and the output
// below. JavaScript, TypeScript and Python run in the sandboxed runner (one per page, shared by its examples); HTML
// renders, scripts and all, in an `<iframe sandbox="allow-scripts">` (without `allow-same-origin`) of the runner's
// example page, which carries the HTML after `#` and has a CSP of its own: the app's, which `srcdoc` would inherit,
// runs no inline script.
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { EXAMPLE_PAGE_PATH, EXAMPLE_TIME_LIMIT_MS, type RunnerResult } from '../../../../shared/practice-runner';
import { CodeEditor, type EditorLanguage } from '../editor/code-editor';
import { createRunner, type Runner } from '../runner/runner-host';
import './playground.css';

const NAMES: Record<EditorLanguage, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
  html: 'HTML',
};

let shared: Runner | undefined;
const runner = () => (shared ??= createRunner());

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'running' } | { kind: 'done'; result: RunnerResult };

/** What the status line says about a finished run. */
function summary(result: RunnerResult): string {
  switch (result.verdict) {
    case 'timeout':
      return result.error ?? 'Timed out';
    case 'stopped':
      return 'Stopped';
    case 'error':
      return 'Error';
    default:
      return `Finished in ${Math.round(result.durationMs)} ms`;
  }
}

export function Playground({ language, initialCode }: { language: EditorLanguage; initialCode: string }) {
  const [code, setCode] = useState(initialCode);
  // Pressing the block's Run made this playground: it runs the block's code at once.
  const [state, setState] = useState<State>({ kind: language === 'html' ? 'idle' : 'loading' });
  // The HTML shown, and how many times Run showed it: each Run is a new page (a fresh document for its scripts).
  const [page, setPage] = useState<{ html: string; run: number } | null>(
    language === 'html' ? { html: initialCode, run: 0 } : null,
  );
  const runButton = useRef<HTMLButtonElement>(null);
  const busy = state.kind === 'loading' || state.kind === 'running';
  const name = NAMES[language];

  /** Sends the code to the runner; the state follows its answers. */
  const start = (source: string) => {
    if (language === 'html') return Promise.resolve();
    return runner()
      .run(
        { language, code: source, tests: [], timeLimitMs: EXAMPLE_TIME_LIMIT_MS },
        { onRunning: () => setState({ kind: 'running' }) },
      )
      .then((result) => setState({ kind: 'done', result }));
  };

  const run = () => {
    if (language === 'html') {
      setPage((shown) => ({ html: code, run: (shown?.run ?? 0) + 1 }));
      return;
    }
    setState({ kind: 'loading' });
    void start(code);
  };

  // The first run, of the code the block held; focus moves from the block's Run (now hidden) to the playground's.
  useEffect(() => {
    runButton.current?.focus();
    if (language !== 'html') void start(initialCode);
    // Only once, when the playground appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const status =
    state.kind === 'loading'
      ? `Loading ${name}…`
      : state.kind === 'running'
        ? 'Running…'
        : state.kind === 'done'
          ? summary(state.result)
          : '';
  const result = state.kind === 'done' ? state.result : null;

  return (
    <div className="playground">
      <CodeEditor value={code} onChange={setCode} language={language} label={`${name} example`} />
      <div className="playground__actions">
        <button ref={runButton} type="button" className="button" onClick={run}>
          Run
        </button>
        {language !== 'html' && (
          <button type="button" className="button button--ghost" disabled={!busy} onClick={() => runner().stop()}>
            Stop
          </button>
        )}
        <p className="playground__status" role="status">
          {status}
        </p>
      </div>
      {language === 'html'
        ? page !== null && (
            <iframe
              key={page.run}
              className="playground__page"
              title={`Output of the ${name} example`}
              sandbox="allow-scripts"
              src={`${EXAMPLE_PAGE_PATH}#${encodeURIComponent(page.html)}`}
            />
          )
        : result && (
            <div className="playground__output">
              {result.output && (
                <>
                  <p className="playground__label">Output</p>
                  {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways: reachable by keyboard */}
                  <pre tabIndex={0}>{result.output}</pre>
                </>
              )}
              {result.error && result.verdict !== 'stopped' && <p className="playground__error">{result.error}</p>}
            </div>
          )}
    </div>
  );
}

const roots = new Map<HTMLElement, Root>();

/** Turns a `.code-block` into a playground holding `code`. */
export function mountPlayground(block: HTMLElement, language: string, code: string): void {
  if (roots.has(block) || !(language in NAMES)) return;
  block.classList.add('code-block--playground');
  for (const child of Array.from(block.children)) {
    if (child instanceof HTMLElement) child.hidden = true;
  }
  const container = document.createElement('div');
  block.append(container);
  const root = createRoot(container);
  roots.set(block, root);
  root.render(<Playground language={language as EditorLanguage} initialCode={code} />);
}

/** Takes down the playgrounds under `root` (its HTML is being replaced). */
export function unmountPlaygrounds(root: HTMLElement): void {
  for (const [block, playground] of roots) {
    if (!root.contains(block)) continue;
    playground.unmount();
    roots.delete(block);
  }
}

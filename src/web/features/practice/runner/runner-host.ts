// The app's side of the code runner: `createRunner()` makes nothing until its first run, then a hidden
// `<iframe sandbox="allow-scripts">` (no `allow-same-origin`: learner code never runs in the app's origin, nor reads
// its storage or cookies) at the runner's own path, and talks to it by postMessage. It hears only that frame's window
// and only messages of the protocol; the frame ends a run at its time limit or on `stop()`, and a frame that stops
// answering altogether is replaced.
import type { RunRequest } from '../../../../shared/practice-rules';
import { RUNNER_PATH, RUNNER_TEXTS, type RunnerResult } from '../../../../shared/practice-runner';
import { type HostMessage, parseFrameMessage } from './protocol';

export interface RunEvents {
  /** The runtime is loaded and the learner's code starts (the UI can say 'Running…' from then). */
  onRunning?: () => void;
}

export interface Runner {
  /** Runs the code and its tests in the sandbox; a run still going is stopped first (it answers 'stopped'). */
  run(request: RunRequest, events?: RunEvents): Promise<RunnerResult>;
  /** Ends the run in progress at once: it answers verdict 'stopped'. The next run works (a new Worker). */
  stop(): void;
  /** Removes the frame; a run in progress answers 'stopped'. */
  dispose(): void;
}

export interface RunnerOptions {
  /** How long a run may wait for its runtime to load and its code to start (default 60 s). */
  loadTimeoutMs?: number;
}

/** The runner frame's address. */
export const RUNNER_FRAME_URL = `${RUNNER_PATH}/frame.html`;

const LOAD_TIMEOUT_MS = 60_000;
/** How long past the time limit the frame has to answer before the host gives up on it. */
const ANSWER_GRACE_MS = 3_000;

interface Pending {
  id: number;
  request: RunRequest;
  events?: RunEvents;
  resolve: (result: RunnerResult) => void;
  timer?: ReturnType<typeof setTimeout>;
}

const stopped = (): RunnerResult => ({
  verdict: 'stopped',
  tests: [],
  output: '',
  error: RUNNER_TEXTS.stopped,
  durationMs: 0,
});

export function createRunner(options: RunnerOptions = {}): Runner {
  const loadTimeoutMs = options.loadTimeoutMs ?? LOAD_TIMEOUT_MS;
  let frame: HTMLIFrameElement | null = null;
  let ready: Promise<void> | null = null;
  let markReady: (() => void) | null = null;
  let pending: Pending | null = null;
  let nextId = 1;

  const post = (message: HostMessage) => {
    // The frame's origin is opaque ('null'), so it cannot be named as the target; the message goes to that one
    // window only.
    frame?.contentWindow?.postMessage(message, '*');
  };

  const settle = (result: RunnerResult) => {
    if (!pending) return;
    const { resolve, timer } = pending;
    clearTimeout(timer);
    pending = null;
    resolve(result);
  };

  const onMessage = (event: MessageEvent) => {
    if (!frame || event.source !== frame.contentWindow) return;
    const message = parseFrameMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      markReady?.();
      return;
    }
    if (!pending || message.id !== pending.id) return;
    if (message.type === 'running') {
      const run = pending;
      clearTimeout(run.timer);
      run.timer = setTimeout(() => giveUp(run.id), run.request.timeLimitMs + ANSWER_GRACE_MS);
      run.events?.onRunning?.();
      return;
    }
    settle(message.result);
  };

  const removeFrame = () => {
    window.removeEventListener('message', onMessage);
    frame?.remove();
    frame = null;
    ready = null;
    markReady = null;
  };

  /** The frame did not answer in time: it is replaced, and the run answers an error. */
  const giveUp = (id: number) => {
    if (pending?.id !== id) return;
    removeFrame();
    settle({ verdict: 'error', tests: [], output: '', error: RUNNER_TEXTS.noAnswer, durationMs: 0 });
  };

  const ensureFrame = (): Promise<void> => {
    if (ready) return ready;
    ready = new Promise<void>((resolve) => (markReady = resolve));
    window.addEventListener('message', onMessage);
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Code runner';
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.src = RUNNER_FRAME_URL;
    document.body.append(frame);
    return ready;
  };

  const stop = () => {
    if (!pending) return;
    post({ type: 'stop', id: pending.id });
    settle(stopped());
  };

  return {
    async run(request, events) {
      stop();
      const id = nextId++;
      const result = new Promise<RunnerResult>((resolve) => {
        pending = { id, request, events, resolve };
        pending.timer = setTimeout(() => giveUp(id), loadTimeoutMs);
      });
      await ensureFrame();
      if (pending?.id === id) post({ type: 'run', id, request });
      return result;
    },
    stop,
    dispose() {
      stop();
      removeFrame();
    },
  };
}

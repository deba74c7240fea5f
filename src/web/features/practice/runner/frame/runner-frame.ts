// The runner frame's script. The frame is an `<iframe sandbox="allow-scripts">` without `allow-same-origin`: an opaque
// origin with no access to the app's storage or cookies. It takes requests from its parent only, runs each in a
// Worker started from a blob: URL (an opaque origin cannot start one from an http address), starts the clock when the
// Worker says the learner's code runs, and ends the Worker at the time limit or on Stop; the next run gets a new one.
// Zod comes with the shared contract; it must never probe for eval, which the frame's CSP forbids.
import '../../../../lib/zod-jitless';
import { type RunRequest, TEXTS } from '../../../../../shared/practice-rules';
import { RUNNER_TEXTS, type RunnerResult } from '../../../../../shared/practice-runner';
import { parseHostMessage } from '../host-message';
import { type FrameMessage, parseWorkerMessage, type WorkerRequest } from '../protocol';

/** How long past the time limit a Worker may still answer by itself (the harness's own deadline) before it is ended. */
const GRACE_MS = 250;

const script = document.currentScript as HTMLScriptElement | null;
const config = {
  /** The app's origin: the only window this frame answers, and where the runtimes' files are. */
  origin: script?.dataset.origin ?? '',
  worker: script?.dataset.worker ?? '',
  base: script?.dataset.base ?? '',
};

interface Current {
  id: number;
  request: RunRequest;
  timer?: ReturnType<typeof setTimeout>;
  startedAt?: number;
}

let worker: Worker | null = null;
let current: Current | null = null;

function send(message: FrameMessage) {
  window.parent.postMessage(message, config.origin);
}

function startWorker(): Worker {
  // The Worker's code is the app's script, loaded by address from a blob: bootstrap (the frame's CSP allows the
  // app's origin for scripts and blob: for Workers).
  const bootstrap = new Blob([`importScripts(${JSON.stringify(config.worker)});`], { type: 'text/javascript' });
  const url = URL.createObjectURL(bootstrap);
  const started = new Worker(url, { name: 'practice-runner' });
  URL.revokeObjectURL(url);
  started.addEventListener('message', (event: MessageEvent) => onWorkerMessage(started, event.data));
  started.addEventListener('error', (event) => {
    event.preventDefault();
    if (started === worker) finish({ ...empty(), verdict: 'error', error: event.message || 'The runner failed' });
  });
  return started;
}

function empty(): RunnerResult {
  return { verdict: 'error', tests: [], output: '', durationMs: 0 };
}

/** Ends the Worker (a runaway program is stopped for good); the next run starts a new one. */
function endWorker() {
  worker?.terminate();
  worker = null;
}

function finish(result: RunnerResult) {
  if (!current) return;
  clearTimeout(current.timer);
  send({ type: 'result', id: current.id, result });
  current = null;
}

function onWorkerMessage(from: Worker, data: unknown) {
  // A message from a Worker already ended, or not in the protocol (the learner's code can reach postMessage in
  // some runtimes), is dropped.
  const message = parseWorkerMessage(data);
  if (from !== worker || !message || !current || message.id !== current.id) return;
  if (message.type === 'running') {
    const run = current;
    run.startedAt = performance.now();
    run.timer = setTimeout(() => {
      endWorker();
      finish({
        verdict: 'timeout',
        tests: [],
        output: '',
        error: TEXTS.timedOut(run.request.timeLimitMs),
        durationMs: run.request.timeLimitMs,
      });
    }, run.request.timeLimitMs + GRACE_MS);
    send({ type: 'running', id: run.id });
    return;
  }
  // A run that left the interpreter changed beyond repair: the next run gets a new Worker.
  if (message.recycle) endWorker();
  finish(message.result);
}

function stop() {
  if (!current) return;
  const startedAt = current.startedAt;
  endWorker();
  finish({
    verdict: 'stopped',
    tests: [],
    output: '',
    error: RUNNER_TEXTS.stopped,
    durationMs: startedAt === undefined ? 0 : Math.round(performance.now() - startedAt),
  });
}

window.addEventListener('message', (event) => {
  // Only the parent, the app itself, is heard.
  if (event.source !== window.parent || event.origin !== config.origin) return;
  const message = parseHostMessage(event.data);
  if (!message) return;
  if (message.type === 'stop') {
    if (current?.id === message.id) stop();
    return;
  }
  // One run at a time: a new request ends the one before it.
  stop();
  current = { id: message.id, request: message.request };
  worker ??= startWorker();
  const request: WorkerRequest = { type: 'run', id: message.id, request: message.request, base: config.base };
  worker.postMessage(request);
});

send({ type: 'ready' });

// The runner's Worker: loads the runtime a request needs (once), says 'running' when the learner's code starts (the
// frame's clock starts there), runs the request with the shared harness and answers its result. The frame ends this
// Worker at the time limit or on Stop; nothing here needs to stop itself.
// Zod comes with the shared contract; it must never probe for eval, which the frame's CSP forbids.
import '../../../../lib/zod-jitless';
import type { RunnerResult } from '../../../../../shared/practice-runner';
import type { WorkerMessage, WorkerRequest } from '../protocol';
import { runInBrowser } from './run-request';

const scope = globalThis as unknown as {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
};

function answer(id: number, result: RunnerResult, recycle = false) {
  scope.postMessage(recycle ? { type: 'result', id, result, recycle } : { type: 'result', id, result });
}

// Only the frame that started this Worker can post to it; it sends one request at a time.
scope.addEventListener('message', (event) => {
  const { id, request, base } = event.data;
  runInBrowser(request, base, () => scope.postMessage({ type: 'running', id })).then(
    ({ result, recycle }) => answer(id, result, recycle),
    (err: unknown) =>
      answer(id, {
        verdict: 'error',
        tests: [],
        output: '',
        error: err instanceof Error ? err.message : String(err),
        durationMs: 0,
      }),
  );
});

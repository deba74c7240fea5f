// The messages between the app (the host), the runner frame and the frame's Worker. Every message crosses a trust
// boundary (the frame runs learner code; a page may receive messages from any window), so each side parses what it
// receives and drops anything else: a message that does not parse is never acted on. Written by hand rather than
// with zod so that the pages holding the host load no schema; the host's requests are checked by the frame
// (host-message.ts).
import type { RunRequest, TestResult } from '../../../../shared/practice-rules';
import { RUNNER_VERDICTS, type RunnerResult, type RunnerVerdict } from '../../../../shared/practice-runner';

/** The host → the frame. */
export type HostMessage = { type: 'run'; id: number; request: RunRequest } | { type: 'stop'; id: number };

/** The frame → the host: 'ready' once it listens, 'running' once the runtime is loaded and the clock started. */
export type FrameMessage =
  { type: 'ready' } | { type: 'running'; id: number } | { type: 'result'; id: number; result: RunnerResult };

/** The frame → its Worker: `base` is the app's address of the runtimes' files. */
export interface WorkerRequest {
  type: 'run';
  id: number;
  request: RunRequest;
  base: string;
}

/** The Worker → the frame. 'running' when the runtime is loaded and the learner's code starts: the time limit counts
 *  from there, so loading a runtime never eats into it. */
export type WorkerMessage =
  { type: 'running'; id: number } | { type: 'result'; id: number; result: RunnerResult; recycle?: boolean };

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
export const isString = (value: unknown, max = Infinity): value is string =>
  typeof value === 'string' && value.length <= max;
/** Exactly these keys (and optional ones): a message carrying anything else is not ours. */
export const hasOnly = (value: Json, keys: string[], optional: string[] = []) =>
  keys.every((key) => Object.hasOwn(value, key)) &&
  Object.keys(value).every((key) => keys.includes(key) || optional.includes(key));

function parseTestResult(value: unknown): TestResult | null {
  if (!isObject(value) || !hasOnly(value, ['name', 'passed', 'hidden'], ['message'])) return null;
  const { name, passed, hidden, message } = value;
  if (!isString(name) || typeof passed !== 'boolean' || typeof hidden !== 'boolean') return null;
  if (message !== undefined && !isString(message)) return null;
  return message === undefined ? { name, passed, hidden } : { name, passed, hidden, message };
}

export function parseRunnerResult(value: unknown): RunnerResult | null {
  if (!isObject(value) || !hasOnly(value, ['verdict', 'tests', 'output', 'durationMs'], ['error'])) return null;
  const { verdict, tests, output, error, durationMs } = value;
  if (!RUNNER_VERDICTS.includes(verdict as RunnerVerdict)) return null;
  if (!isString(output) || typeof durationMs !== 'number' || !Number.isFinite(durationMs)) return null;
  if (error !== undefined && !isString(error)) return null;
  if (!Array.isArray(tests)) return null;
  const parsed: TestResult[] = [];
  for (const test of tests as unknown[]) {
    const result = parseTestResult(test);
    if (!result) return null;
    parsed.push(result);
  }
  const result: RunnerResult = { verdict: verdict as RunnerVerdict, tests: parsed, output, durationMs };
  if (error !== undefined) result.error = error;
  return result;
}

/** A message from the Worker or the frame: 'running' or 'result' (the Worker's may ask to be replaced). */
function parseProgress(data: Json, fromWorker: boolean): WorkerMessage | null {
  if (data.type === 'running' && hasOnly(data, ['type', 'id']) && isId(data.id))
    return { type: 'running', id: data.id };
  const optional = fromWorker ? ['recycle'] : [];
  if (data.type === 'result' && hasOnly(data, ['type', 'id', 'result'], optional) && isId(data.id)) {
    const result = parseRunnerResult(data.result);
    if (!result) return null;
    if (data.recycle === undefined) return { type: 'result', id: data.id, result };
    return data.recycle === true ? { type: 'result', id: data.id, result, recycle: true } : null;
  }
  return null;
}

/** A message from the frame, as the host hears it; null for anything else. */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isObject(data)) return null;
  if (data.type === 'ready') return hasOnly(data, ['type']) ? { type: 'ready' } : null;
  return parseProgress(data, false);
}

/** A message from the Worker, as the frame hears it (the learner's code may reach postMessage); null otherwise. */
export function parseWorkerMessage(data: unknown): WorkerMessage | null {
  return isObject(data) ? parseProgress(data, true) : null;
}

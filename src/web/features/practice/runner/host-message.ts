// The frame's check of what the host sends: a run request within the contract's limits, or a stop. Apart from the
// host's side of the protocol because it needs the contract's limits (and so its module, with zod).
import { PRACTICE, type RunRequest } from '../../../../shared/practice-rules';
import { hasOnly, type HostMessage, isId, isObject, isString } from './protocol';

export function parseRunRequest(value: unknown): RunRequest | null {
  if (!isObject(value) || !hasOnly(value, ['language', 'code', 'tests', 'timeLimitMs'])) return null;
  const { language, code, tests, timeLimitMs } = value;
  if (!(PRACTICE.languages as readonly unknown[]).includes(language)) return null;
  if (!isString(code, PRACTICE.codeBytesMax)) return null;
  if (
    !Number.isInteger(timeLimitMs) ||
    (timeLimitMs as number) < PRACTICE.timeLimitMs.min ||
    (timeLimitMs as number) > PRACTICE.timeLimitMs.max
  )
    return null;
  if (!Array.isArray(tests) || tests.length > PRACTICE.testsMax) return null;
  const parsed: RunRequest['tests'] = [];
  for (const test of tests as unknown[]) {
    if (!isObject(test) || !hasOnly(test, ['name', 'code', 'hidden'])) return null;
    if (!isString(test.name, PRACTICE.testNameMax) || !isString(test.code, PRACTICE.codeBytesMax)) return null;
    if (typeof test.hidden !== 'boolean') return null;
    parsed.push({ name: test.name, code: test.code, hidden: test.hidden });
  }
  return { language: language as RunRequest['language'], code, tests: parsed, timeLimitMs: timeLimitMs as number };
}

/** A message from the host, as the frame hears it; null for anything else. */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (!isObject(data)) return null;
  if (data.type === 'stop' && hasOnly(data, ['type', 'id']) && isId(data.id)) return { type: 'stop', id: data.id };
  if (data.type === 'run' && hasOnly(data, ['type', 'id', 'request']) && isId(data.id)) {
    const request = parseRunRequest(data.request);
    return request ? { type: 'run', id: data.id, request } : null;
  }
  return null;
}

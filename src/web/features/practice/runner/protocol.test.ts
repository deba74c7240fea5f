// Every message crossing the runner's boundaries is parsed before anything acts on it: the frame hears only run and
// stop requests of the right shape, the host only ready/running/result answers, and anything else is dropped.
import { describe, expect, it } from 'vitest';
import { PRACTICE } from '../../../../shared/practice';
import { parseHostMessage, parseRunRequest } from './host-message';
import { parseFrameMessage, parseWorkerMessage } from './protocol';

const request = { language: 'javascript', code: 'console.log(1)', tests: [], timeLimitMs: 2000 };
const result = {
  verdict: 'passed',
  tests: [{ name: 'adds', passed: true, hidden: false }],
  output: '1\n',
  durationMs: 3,
};

describe('the frame hears the host', () => {
  it('takes a run request and a stop, exactly as sent', () => {
    const run = {
      type: 'run',
      id: 1,
      request: { ...request, tests: [{ name: 't', code: 'assert.ok(1)', hidden: true }] },
    };
    expect(parseHostMessage(run)).toEqual(run);
    expect(parseHostMessage({ type: 'stop', id: 7 })).toEqual({ type: 'stop', id: 7 });
  });

  it.each([
    ['not an object', 'run'],
    ['null', null],
    ['an array', [{ type: 'stop', id: 1 }]],
    ['an unknown type', { type: 'eval', id: 1, code: 'x' }],
    ['a negative id', { type: 'stop', id: -1 }],
    ['a fractional id', { type: 'stop', id: 1.5 }],
    ['a string id', { type: 'stop', id: '1' }],
    ['an extra field', { type: 'stop', id: 1, origin: 'x' }],
    ['no request', { type: 'run', id: 1 }],
    ['an unknown language', { type: 'run', id: 1, request: { ...request, language: 'ruby' } }],
    ['html (rendered, never run)', { type: 'run', id: 1, request: { ...request, language: 'html' } }],
    ['code over 64 KB', { type: 'run', id: 1, request: { ...request, code: 'x'.repeat(PRACTICE.codeBytesMax + 1) } }],
    ['a time limit too long', { type: 'run', id: 1, request: { ...request, timeLimitMs: 10_001 } }],
    ['a time limit too short', { type: 'run', id: 1, request: { ...request, timeLimitMs: 99 } }],
    ['tests that are not a list', { type: 'run', id: 1, request: { ...request, tests: {} } }],
    ['a test without hidden', { type: 'run', id: 1, request: { ...request, tests: [{ name: 't', code: '' }] } }],
    ['a request with an extra field', { type: 'run', id: 1, request: { ...request, solution: 'x' } }],
  ])('drops %s', (_what, message) => {
    expect(parseHostMessage(message)).toBeNull();
  });

  it('takes at most the tests an exercise may hold', () => {
    const tests = Array.from({ length: PRACTICE.testsMax + 1 }, (_, i) => ({ name: `t${i}`, code: '', hidden: false }));
    expect(parseRunRequest({ ...request, tests })).toBeNull();
    expect(parseRunRequest({ ...request, tests: tests.slice(1) })).not.toBeNull();
  });
});

describe('the host hears the frame, the frame its Worker', () => {
  it('takes ready, running and a result', () => {
    expect(parseFrameMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseFrameMessage({ type: 'running', id: 2 })).toEqual({ type: 'running', id: 2 });
    expect(parseFrameMessage({ type: 'result', id: 2, result })).toEqual({ type: 'result', id: 2, result });
    const stopped = { verdict: 'stopped', tests: [], output: '', error: 'Stopped', durationMs: 0 };
    expect(parseFrameMessage({ type: 'result', id: 3, result: stopped })).toEqual({
      type: 'result',
      id: 3,
      result: stopped,
    });
    const failed = {
      ...result,
      verdict: 'failed',
      tests: [{ name: 'a', passed: false, hidden: false, message: 'no' }],
    };
    expect(parseWorkerMessage({ type: 'result', id: 4, result: failed })).toEqual({
      type: 'result',
      id: 4,
      result: failed,
    });
  });

  it.each([
    ['ready with a payload', { type: 'ready', script: 'x' }],
    ['an unknown verdict', { type: 'result', id: 1, result: { ...result, verdict: 'great' } }],
    ['output that is not text', { type: 'result', id: 1, result: { ...result, output: 42 } }],
    ['a duration that is not a number', { type: 'result', id: 1, result: { ...result, durationMs: 'fast' } }],
    ['an infinite duration', { type: 'result', id: 1, result: { ...result, durationMs: Infinity } }],
    [
      'a test result without passed',
      { type: 'result', id: 1, result: { ...result, tests: [{ name: 'a', hidden: false }] } },
    ],
    ['a result with an extra field', { type: 'result', id: 1, result: { ...result, html: '<b>' } }],
    ['a running without id', { type: 'running' }],
    ['a prototype trick', JSON.parse('{"type":"ready","__proto__":{"x":1}}') as unknown],
  ])('drops %s', (_what, message) => {
    expect(parseFrameMessage(message)).toBeNull();
  });

  it('never takes a ready from the Worker (only the frame says it)', () => {
    expect(parseWorkerMessage({ type: 'ready' })).toBeNull();
  });

  it("takes the Worker's request to be replaced after a run, and never from the frame", () => {
    const recycled = { type: 'result', id: 5, result, recycle: true };
    expect(parseWorkerMessage(recycled)).toEqual(recycled);
    expect(parseWorkerMessage({ ...recycled, recycle: 'yes' })).toBeNull();
    expect(parseFrameMessage(recycled)).toBeNull();
  });
});

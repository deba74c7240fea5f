// The request line is written straight to the logger's destination, and must read exactly as pino's own call would
// have written it: same fields, order, escaping, redaction, bindings and line end; and nothing below the level.
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED } from './log-redaction';
import { logRequest, type RequestLine, requestLinesWritten } from './request-line';
import { appLoggerOptions, appLogging } from './request-logger';
import { newToken } from './tokens';

/** A logger as the app makes it (its options through `appLogging`, Fastify's pino), writing into `lines`. */
function appLogger(options: pino.LoggerOptions = {}): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) };
  const app = Fastify(
    appLogging({
      ...appLoggerOptions('info'),
      // A fixed time, so pino's line and ours can be compared byte for byte.
      timestamp: () => ',"time":1764400000000',
      ...options,
      stream,
    }),
  );
  return { log: app.log, lines };
}

const token = newToken();
const cases: [string, RequestLine][] = [
  ['a signed-out read', { reqId: 'req-1', method: 'GET', url: '/api/course/getCourse', statusCode: 200, ms: 0 }],
  [
    "a learner's read",
    { reqId: 'req-2s', method: 'GET', url: '/api/progress/course/c1', statusCode: 304, ms: 12, userId: 'u-1' },
  ],
  ['a token link', { reqId: 'req-3', method: 'GET', url: `/user/verify/${token}`, statusCode: 200, ms: 1 }],
  ['a secret query', { reqId: 'req-4', method: 'POST', url: `/api/x?token=${token}&a=1`, statusCode: 400, ms: 3 }],
  [
    'quotes, backslashes, control and Latin-1 characters',
    { reqId: 'req-5', method: 'GET', url: '/a"b\\c\u0001d\u00e9\u007f', statusCode: 404, ms: 2 },
  ],
  ['a long address', { reqId: 'req-6', method: 'GET', url: `/${'x'.repeat(300)}"`, statusCode: 414, ms: 0 }],
  ['no method or address', { reqId: 'req-7', method: undefined, url: undefined, statusCode: 400, ms: 0 }],
];

describe('the request line', () => {
  it.each(cases)('reads as pino would write it: %s', async (_what, line) => {
    const ours = appLogger();
    const theirs = appLogger();
    const pinoCall = vi.spyOn(ours.log, 'info');
    logRequest(ours.log, line);
    expect(pinoCall).not.toHaveBeenCalled();
    theirs.log.info(line, 'request');
    await requestLinesWritten();
    expect(ours.lines).toHaveLength(1);
    expect(ours.lines).toEqual(theirs.lines);
    expect(JSON.parse(ours.lines[0])).toMatchObject({ level: 30, msg: 'request', statusCode: line.statusCode });
  });

  it('never shows a secret in the address', async () => {
    const { log, lines } = appLogger();
    logRequest(log, { reqId: 'req-1', method: 'GET', url: `/user/sign-in/${token}`, statusCode: 200, ms: 0 });
    await requestLinesWritten();
    expect(lines[0]).toContain(REDACTED);
    expect(lines[0]).not.toContain(token.slice(0, 20));
  });

  it('carries the logger bindings', async () => {
    const { log, lines } = appLogger({ base: { service: 'devcourses' } });
    logRequest(log, cases[1][1]);
    await requestLinesWritten();
    expect(JSON.parse(lines[0])).toMatchObject({ service: 'devcourses', userId: 'u-1' });
  });

  it('writes nothing when the level is above info, and again once it is lowered', async () => {
    const { log, lines } = appLogger({ level: 'warn' });
    logRequest(log, cases[0][1]);
    await requestLinesWritten();
    expect(lines).toEqual([]);
    log.level = 'info';
    logRequest(log, cases[0][1]);
    await requestLinesWritten();
    expect(lines).toHaveLength(1);
  });

  it("leaves a logger with options it cannot match to pino's own call", async () => {
    const ours = appLogger({ formatters: { log: (fields) => ({ ...fields, formatted: true }) } });
    const pinoCall = vi.spyOn(ours.log, 'info');
    logRequest(ours.log, cases[1][1]);
    expect(pinoCall).toHaveBeenCalledOnce();
    expect(JSON.parse(ours.lines[0])).toMatchObject({ formatted: true, reqId: 'req-2s' });
    for (const options of [{ customLevels: { info: 35 } }, { customLevels: { request: 30 } }]) {
      const [renumbered, twin] = [appLogger(options), appLogger(options)];
      logRequest(renumbered.log, cases[0][1]);
      twin.log.info(cases[0][1], 'request');
      await requestLinesWritten();
      expect(renumbered.lines).toEqual(twin.lines);
    }
    const nested = appLogger({ nestedKey: 'request' });
    logRequest(nested.log, cases[1][1]);
    expect(JSON.parse(nested.lines[0])).toMatchObject({ request: { reqId: 'req-2s' } });
  });

  it('is silent on a logger that logs nothing', () => {
    expect(() => logRequest(Fastify({ logger: false }).log, cases[0][1])).not.toThrow();
  });
});

describe('request lines written together', () => {
  it('writes the lines of one event-loop turn in one write, in order, and nothing before the turn ends', async () => {
    const { log, lines } = appLogger();
    for (const [, line] of cases) logRequest(log, line);
    expect(lines).toEqual([]);
    await requestLinesWritten();
    expect(lines).toHaveLength(1);
    expect(
      lines[0]
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as RequestLine).reqId),
    ).toEqual(cases.map(([, line]) => line.reqId));
  });

  it('writes what is still waiting when the process exits', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = [
      "import Fastify from 'fastify';",
      "import { logRequest } from './src/server/lib/request-line.ts';",
      "import { appLogging } from './src/server/lib/request-logger.ts';",
      "const app = Fastify(appLogging({ level: 'info' }));",
      "logRequest(app.log, { reqId: 'req-last', method: 'GET', url: '/', statusCode: 200, ms: 0 });",
      'process.exit(0);',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out).toContain('"reqId":"req-last"');
  });
});

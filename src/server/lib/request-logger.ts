// Fastify binds a child logger to every request (its id among the bindings), and making one costs as much as a
// tenth of a cached read. Most requests log nothing but the request log's one line, which the root logger writes
// with the id as a field (plugins/request-log.ts); so the child is made only when something else logs for the
// request: an error, a refusal, a warning. Its lines are the same either way.
import { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import { withLogRedaction } from './log-redaction';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private log(level: Level, args: unknown[]): void {
    Reflect.apply(this.logger[level], this.logger, args);
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.log('error', args);
  }

  warn(...args: unknown[]): void {
    this.log('warn', args);
  }

  info(...args: unknown[]): void {
    this.log('info', args);
  }

  debug(...args: unknown[]): void {
    this.log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.log('trace', args);
  }

  silent(...args: unknown[]): void {
    this.log('silent', args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** The app's `childLoggerFactory`: each request's logger, made when first used. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options);

/** A sequence of request ids as Fastify makes them (`req-1`, `req-2`, … in base 36, wrapping before 2^31), for
 *  Fastify and for the answers given before it (lib/kept-answers-first.ts) alike. */
export function requestIds(): () => string {
  let last = 0;
  return () => {
    last = (last + 1) & 0x7fffffff;
    return `req-${last.toString(36)}`;
  };
}

/** What the one line of an answered request says. */
export interface RequestLine {
  reqId: string;
  method: string | undefined;
  /** As requested: the logger's serializer redacts the secrets in it (lib/log-redaction.ts). */
  url: string | undefined;
  statusCode: number;
  ms: number;
  /** The signed-in user, once a route has looked them up. */
  userId?: string;
}

const INFO = 30;
const LINE_KEYS = ['reqId', 'method', 'url', 'statusCode', 'ms', 'userId', 'msg'] as const;
/** Where a pino logger keeps its pieces of a line (pino's documented `pino.symbols`). */
const S = pino.symbols;

/** A pino logger's own pieces of a line. */
interface PinoInsides {
  levelVal: number;
  [S.lsCacheSym]: Record<number, string>;
  [S.timeSym]: () => string;
  [S.chindingsSym]: string;
  [S.endSym]: string;
  [S.serializersSym]: Record<string, ((value: unknown) => unknown) | undefined>;
  [S.streamSym]: { write(line: string): unknown };
}

/** Can the request line be written straight to this logger's destination, byte for byte as pino would write it?
 *  Only for a pino logger (Fastify's own), whose options leave the line's shape to pino's defaults: no log formatter,
 *  mixin, nested key, message prefix, method hook, own stringifier for the line's keys or renumbered info level, and a
 *  destination that takes lines as they are. Asked once per logger. */
function writesLinesDirectly(log: FastifyBaseLogger): log is FastifyBaseLogger & PinoInsides {
  const insides = log as unknown as Record<symbol, unknown>;
  const stream = insides[S.streamSym] as Record<symbol, unknown> | undefined;
  const formatters = insides[S.formattersSym] as { log?: unknown } | undefined;
  const hooks = insides[S.hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stringifiers = insides[S.stringifiersSym] as Record<string | symbol, unknown> | undefined;
  const serializers = insides[S.serializersSym] as Record<string, unknown> | undefined;
  return Boolean(
    stream &&
    typeof (stream as { write?: unknown }).write === 'function' &&
    !stream[S.needsMetadataGsym] &&
    formatters &&
    formatters.log === undefined &&
    hooks &&
    hooks.logMethod === undefined &&
    hooks.streamWrite === undefined &&
    stringifiers &&
    serializers &&
    !stringifiers[S.wildcardFirstSym] &&
    LINE_KEYS.every((key) => stringifiers[key] === undefined && (key === 'url' || serializers[key] === undefined)) &&
    insides[S.messageKeySym] === 'msg' &&
    !insides[S.nestedKeySym] &&
    !insides[S.mixinSym] &&
    // Not in pino's type declarations, but among its symbols.
    !insides[(S as unknown as Record<string, symbol>).msgPrefixSym] &&
    typeof insides[S.timeSym] === 'function' &&
    typeof insides[S.chindingsSym] === 'string' &&
    (log as unknown as { levels?: { values?: Record<string, number> } }).levels?.values?.info === INFO,
  );
}

const direct = new WeakMap<FastifyBaseLogger, boolean>();

type Destination = { write(line: string): unknown };
/** Request lines waiting for the end of this event-loop turn, with their destination (one, in practice). */
let queued: { destination: Destination; lines: string }[] = [];

function writeQueued(): void {
  const batches = queued;
  queued = [];
  for (const { destination, lines } of batches) destination.write(lines);
}

function queueLine(destination: Destination, line: string): void {
  const last = queued.at(-1);
  if (last?.destination === destination) last.lines += line;
  else {
    if (queued.length === 0) setImmediate(writeQueued);
    queued.push({ destination, lines: line });
  }
}
process.on('exit', writeQueued);

/** Resolves once the request lines queued so far are written: at the end of this event-loop turn. */
export const requestLinesWritten = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** JSON of an optional string field, as pino writes it (nothing when undefined). */
const field = (key: string, value: string | undefined) =>
  value === undefined ? '' : `,"${key}":${JSON.stringify(value)}`;

/**
 * Writes a request's one line, with the request id as a field of the root logger's line. Every answer writes one, so
 * the line is made here rather than by pino's general object serializer, which cost 2-3 µs a line against 0.7 for
 * this (docs/decisions/0066-request-line-written-directly.md): pino's own pieces (level, time, bindings, line end),
 * the logger's `url` serializer (which redacts secrets), the fields in pino's order, JSON-escaped as pino escapes
 * them. It goes to the logger's destination with the other request lines of this event-loop turn, in one write when
 * the turn ends. A logger this cannot match byte for byte gets pino's own call, at once.
 */
export function logRequest(log: FastifyBaseLogger, line: RequestLine): void {
  let writable = direct.get(log);
  if (writable === undefined) direct.set(log, (writable = writesLinesDirectly(log)));
  if (!writable) {
    log.info(line, 'request');
    return;
  }
  const pinoLog = log as FastifyBaseLogger & PinoInsides;
  if (pinoLog.levelVal > INFO) return;
  const redact = pinoLog[S.serializersSym].url;
  const url = line.url === undefined || !redact ? line.url : (redact(line.url) as string | undefined);
  queueLine(
    pinoLog[S.streamSym],
    `${pinoLog[S.lsCacheSym][INFO]}${pinoLog[S.timeSym]()}${pinoLog[S.chindingsSym]}${field('reqId', line.reqId)}${field('method', line.method)}${field('url', url)},"statusCode":${line.statusCode},"ms":${line.ms}${field('userId', line.userId)},"msg":"request"${pinoLog[S.endSym]}`,
  );
}

/**
 * The app's logger: at `level`, to standard output, a session's token never shown. Written synchronously: each
 * event-loop turn's lines leave in one write before the next turn starts, so memory stays bounded however fast
 * requests come, a crash loses at most the turn it happens in, and no thread-pool hand-off is paid per write (pino's
 * default destination hands every write to libuv's thread pool: measured 1-2 µs a request dearer than this).
 */
export function appLoggerOptions(level: string): pino.LoggerOptions & { stream: pino.DestinationStream } {
  return {
    level,
    redact: ['req.headers["auth-token"]', 'req.headers.authorization'],
    stream: pino.destination({ dest: 1, sync: true }),
  };
}

/** How the app logs, as Fastify options: secrets in URLs never reach the log (lib/log-redaction.ts); one line per
 *  request instead of Fastify's two (plugins/request-log.ts); a request's own logger made only if something logs for
 *  it besides that line; request ids from `nextId`. */
export function appLogging(
  logger: FastifyServerOptions['logger'],
  nextId: () => string = requestIds(),
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory' | 'genReqId'> {
  return {
    logger: withLogRedaction(logger),
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: nextId,
  };
}

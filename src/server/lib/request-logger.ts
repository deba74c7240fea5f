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

/**
 * The app's logger: at `level`, to standard output (or `destination`, a file descriptor or path), a session's token
 * never shown. Written synchronously: each event-loop turn's request lines leave in one write before the next turn
 * starts (lib/request-line.ts), so memory stays bounded however fast requests come, a crash loses at most the turn it
 * happens in, and no thread-pool hand-off is paid per write (pino's default destination hands every write to libuv's
 * thread pool: measured 1-2 µs a request dearer than this; docs/decisions/0066).
 */
export function appLoggerOptions(
  level: string,
  destination: number | string = 1,
): pino.LoggerOptions & { stream: pino.DestinationStream } {
  return {
    level,
    redact: ['req.headers["auth-token"]', 'req.headers.authorization'],
    stream: pino.destination({ dest: destination, sync: true }),
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

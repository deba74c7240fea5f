// Fastify binds a child logger to every request (its id among the bindings), and making one costs as much as a
// tenth of a cached read. Most requests log nothing but the request log's one line, which the root logger writes
// with the id as a field (plugins/request-log.ts); so the child is made only when something else logs for the
// request: an error, a refusal, a warning. Its lines are the same either way.
import { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
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

/** Writes a request's one line, with the request id as a field of the root logger's line. */
export function logRequest(log: FastifyBaseLogger, line: RequestLine): void {
  log.info(line, 'request');
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

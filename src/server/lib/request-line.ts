// The one log line of every answered request (plugins/request-log.ts, and lib/kept-answers-first.ts for the answers
// given before Fastify), written by the root logger with the request's id as a field. Every answer writes one, so it
// is made here rather than by pino's general object serializer, which cost 2.7 µs a line against 0.7 for this, and
// the lines of one event-loop turn leave in one write when the turn ends (docs/decisions/0066).
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

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

type Destination = { write(lines: string): unknown };

/** A pino logger's own pieces of a line. */
interface PinoInsides {
  levelVal: number;
  [S.lsCacheSym]: Record<number, string>;
  [S.timeSym]: () => string;
  [S.chindingsSym]: string;
  [S.endSym]: string;
  [S.serializersSym]: Record<string, ((value: unknown) => unknown) | undefined>;
  [S.streamSym]: Destination;
}

/** Can the request line be written straight to this logger's destination, byte for byte as pino would write it?
 *  Only for a pino logger (Fastify's own), whose options leave the line's shape to pino's defaults: no log formatter,
 *  mixin, nested key, message prefix, method hook, own stringifier for the line's keys or renumbered info level, and a
 *  destination that takes lines as they are. */
function writesLinesDirectly(log: FastifyBaseLogger): boolean {
  const insides = log as unknown as Record<symbol, unknown>;
  const stream = insides[S.streamSym] as (Partial<Destination> & Record<symbol, unknown>) | undefined;
  const formatters = insides[S.formattersSym] as { log?: unknown } | undefined;
  const hooks = insides[S.hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stringifiers = insides[S.stringifiersSym] as Record<string | symbol, unknown> | undefined;
  const serializers = insides[S.serializersSym] as Record<string, unknown> | undefined;
  return Boolean(
    typeof stream?.write === 'function' &&
    !stream[S.needsMetadataGsym] &&
    formatters?.log === undefined &&
    hooks?.logMethod === undefined &&
    hooks?.streamWrite === undefined &&
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

/** Each logger's answer to `writesLinesDirectly`, asked once. */
const direct = new WeakMap<FastifyBaseLogger, boolean>();

/** The request lines of this event-loop turn, by destination (one, in practice), in the order they were answered. */
const waiting = new Map<Destination, string>();

function writeWaiting(): void {
  for (const [destination, lines] of waiting) {
    waiting.delete(destination);
    destination.write(lines);
  }
}
process.on('exit', writeWaiting);

/** Resolves once the request lines waiting so far are written: at the end of this event-loop turn. */
export const requestLinesWritten = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** JSON of an optional string field, as pino writes it (nothing when undefined). */
const field = (key: string, value: string | undefined) =>
  value === undefined ? '' : `,"${key}":${JSON.stringify(value)}`;

/**
 * Writes a request's one line as pino would: pino's own pieces (level, time, bindings, line end), the logger's `url`
 * serializer (which redacts secrets), the fields in the order pino is given them, JSON-escaped as pino escapes them.
 * It goes to the logger's destination with the other request lines of this turn, in one write when the turn ends. A
 * logger this cannot match byte for byte gets pino's own call, at once.
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
  const text = `${pinoLog[S.lsCacheSym][INFO]}${pinoLog[S.timeSym]()}${pinoLog[S.chindingsSym]}${field('reqId', line.reqId)}${field('method', line.method)}${field('url', url)},"statusCode":${line.statusCode},"ms":${line.ms}${field('userId', line.userId)},"msg":"request"${pinoLog[S.endSym]}`;
  const destination = pinoLog[S.streamSym];
  if (waiting.size === 0) setImmediate(writeWaiting);
  waiting.set(destination, (waiting.get(destination) ?? '') + text);
}

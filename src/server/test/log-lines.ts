// A logger's destination for tests: the lines it is given, each a JSON object as pino writes it.
import { Writable } from 'node:stream';
import { requestLinesWritten } from '../lib/request-line';

export interface LogLines {
  /** Every line written so far, in order. */
  lines: string[];
  /** Pass as the logger's `stream`. */
  stream: Writable;
  /** Every line written once the request lines of this event-loop turn are (they are written together at its end). */
  settled: () => Promise<string[]>;
}

export function logLines(): LogLines {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, stream, settled: async () => (await requestLinesWritten(), lines) };
}

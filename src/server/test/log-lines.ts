// A logger's destination for tests: the lines it is given, each a JSON object as pino writes it.
import { Writable } from 'node:stream';

export interface LogLines {
  /** Every line written so far, in order. */
  lines: string[];
  /** Pass as the logger's `stream`. */
  stream: Writable;
}

export function logLines(): LogLines {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, stream };
}

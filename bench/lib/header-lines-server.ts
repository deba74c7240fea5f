// Child process: a plain Node HTTP server answering every request with one JSON body and the headers named by
// BENCH_FORM, to tell what a header line costs from what its bytes cost (bench/header-lines.ts):
// - bare: content type and length, what bare Fastify sends;
// - lines: the header lines of the app's kept answer (BENCH_HEADERS, as the app sent them), each its own line;
// - one-line: content type and length and one more header whose value is as long as the other lines were, so the
//   answer has the same bytes as `lines` in three lines.
// Node adds its date, connection and keep-alive lines to each.
import fs from 'node:fs';
import http from 'node:http';
import { reportListening } from './child-server';

const body = fs.readFileSync(process.env.BENCH_BODY as string);
const kept = JSON.parse(fs.readFileSync(process.env.BENCH_HEADERS as string, 'utf8')) as Record<string, string>;
const form = process.env.BENCH_FORM;

const bare = ['content-type', kept['content-type'], 'content-length', String(body.length)];
const lines = [...Object.entries(kept).flat(), 'content-length', String(body.length)];
/** The bytes the `lines` form's extra lines take on the wire, each `name: value\r\n`. */
const extraBytes = Object.entries(kept)
  .filter(([name]) => name !== 'content-type')
  .reduce((n, [name, value]) => n + name.length + value.length + 4, 0);
const padding = 'x-padding';
const oneLine = [...bare, padding, 'p'.repeat(extraBytes - padding.length - 4)];

const headers = { bare, lines, 'one-line': oneLine }[form as string];
if (!headers) throw new Error(`BENCH_FORM must be bare, lines or one-line, not ${form}`);

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  reportListening(
    typeof address === 'object' && address ? address.port : 0,
    () => new Promise((resolve) => server.close(() => resolve())),
  );
});

// Child process: a bare Fastify server answering fixed paths with JSON bodies held in memory (the file named
// by BENCH_BODIES maps path -> body), the yardstick the real read endpoints are measured against.
// BENCH_FLOOR=1: the same server doing only what every answer of the app must do, with the app's own pieces: its
// security headers, and its request log line at info (written to /dev/null), with the app's logger options.
import fs from 'node:fs';
import Fastify from 'fastify';
import { appLogging, appLoggerOptions } from '../../src/server/lib/request-logger';
import { securityHeaders as securityHeadersOf } from '../../src/server/lib/security-headers';
import requestLog from '../../src/server/plugins/request-log';
import securityHeaders from '../../src/server/plugins/security-headers';
import { reportListening } from './child-server';

const bodies = JSON.parse(fs.readFileSync(process.env.BENCH_BODIES as string, 'utf8')) as Record<string, string>;
const floor = process.env.BENCH_FLOOR === '1';
const app = floor ? Fastify(appLogging(appLoggerOptions('info', '/dev/null'))) : Fastify({ logger: false });
if (floor) {
  await app.register(securityHeaders, { headers: await securityHeadersOf() });
  await app.register(requestLog);
}
for (const [path, body] of Object.entries(bodies)) {
  app.get(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportListening(typeof address === 'object' && address ? address.port : 0, () => app.close());

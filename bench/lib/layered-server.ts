// Child process: a bare Fastify route plus only the layers named in BENCH_LAYERS (log, one-line-log, helmet,
// compress, static-headers, app-headers, app-log, app-logger), to see what each per-request layer of the real app
// costs on its own. app-logger: the app's logger options without its request line; with app-log, `async` or
// `buffered` write the log through an asynchronous or a 4 KB-buffered destination instead of a synchronous one.
// static-headers sets the headers helmet would set, computed once, in one hook: what helmet costs beyond the
// headers themselves.
import fs from 'node:fs';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { appLogging } from '../../src/server/lib/request-logger';
import { securityHeaders as securityHeadersOf } from '../../src/server/lib/security-headers';
import requestLog from '../../src/server/plugins/request-log';
import securityHeaders from '../../src/server/plugins/security-headers';
import { reportListening } from './child-server';

const layers = new Set((process.env.BENCH_LAYERS ?? '').split(',').filter(Boolean));
const body = fs.readFileSync(process.env.BENCH_BODY as string, 'utf8');
const oneLine = layers.has('one-line-log');
const appLog = layers.has('app-log') || layers.has('app-logger');
const app = appLog
  ? Fastify(
      appLogging({
        level: 'info',
        ...(layers.has('async')
          ? { stream: pino.destination({ dest: '/dev/null', sync: false }) }
          : layers.has('buffered')
            ? { stream: pino.destination({ dest: '/dev/null', sync: true, minLength: 4096 }) }
            : { file: '/dev/null' }),
      }),
    )
  : Fastify({
      logger: layers.has('log') || oneLine ? { level: 'info' } : false,
      // one-line-log: Fastify's two lines per request (received, completed) replaced by one, written on response.
      ...(oneLine ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    });
// app-headers, app-log: the app's own security headers and request log line (what the read bench's floor does).
if (layers.has('app-headers')) await app.register(securityHeaders, { headers: await securityHeadersOf() });
if (layers.has('app-log')) await app.register(requestLog);
if (oneLine) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
if (layers.has('helmet')) await app.register(helmet);
if (layers.has('static-headers')) {
  const probe = Fastify();
  await probe.register(helmet);
  probe.get('/', () => 'x');
  const { headers } = await probe.inject('/');
  await probe.close();
  const fixed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name))
      fixed[name] = String(value);
  }
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(fixed);
  });
}
if (layers.has('compress')) await app.register(compress, { threshold: 1024 });
app.get('/body', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportListening(typeof address === 'object' && address ? address.port : 0, () => app.close());

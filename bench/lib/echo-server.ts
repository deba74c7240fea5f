// Child process for bench/progress-writes.ts: a bare Fastify server that answers every PUT at once with `{}`, to
// measure what the load generators themselves add to a request's latency on this machine.
import Fastify from 'fastify';
import { reportListening } from './child-server';

const app = Fastify({ logger: false });
app.put('/*', (_request, reply) => reply.type('application/json; charset=utf-8').send('{}'));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportListening(typeof address === 'object' && address ? address.port : 0, () => app.close());

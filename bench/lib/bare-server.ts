// Child process: a bare Fastify server answering fixed paths with JSON bodies held in memory (the file named
// by BENCH_BODIES maps path -> body), the yardstick the real read endpoints are measured against.
import fs from 'node:fs';
import Fastify from 'fastify';
import { reportListening } from './child-server';

const bodies = JSON.parse(fs.readFileSync(process.env.BENCH_BODIES as string, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  app.get(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportListening(typeof address === 'object' && address ? address.port : 0, () => app.close());

// Requests take turns with the event loop's I/O, so new connections are accepted under saturation
// (lib/request-turns.ts, docs/decisions/0022-requests-take-turns-with-io.md). The last of the request hooks: a
// request refused by an earlier one does not wait for a turn.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestTurns as turnsOf } from '../lib/request-turns';

/** How long the requests started in one turn of the event loop may run before it polls for I/O again. */
const REQUEST_SLICE_MS = 10;

async function requestTurns(app: FastifyInstance) {
  const turns = turnsOf(REQUEST_SLICE_MS);
  app.addHook('onRequest', async () => {
    await turns.take();
  });
}

export default fp(requestTurns, { name: 'request-turns' });

// No text the app takes in may hold the NUL character (lib/nul-characters.ts): JSON bodies are checked as they are
// parsed, the address (path and query) as the request arrives, so a NUL is refused with 400 before any route runs.
// Registered before the routes, so that every route gets the checking JSON parser.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nulInAddress, refuseNulInJsonBodies } from '../lib/nul-characters';

async function nulCharacters(app: FastifyInstance) {
  refuseNulInJsonBodies(app);
  app.addHook('onRequest', async (request) => {
    const nul = nulInAddress(request.url);
    if (nul) throw nul;
  });
}

export default fp(nulCharacters, { name: 'nul-characters' });

// GET /api/search/{text}, the specified call, for signed-in users only.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { searchResult } from '../../../shared/contract';
import { perUserRateLimit, SEARCHES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { search } from './search.service';

const params = z.object({
  text: z.string().max(LIMITS.searchMax, `search text must be at most ${LIMITS.searchMax} characters`),
});

export const searchRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/api/search/:text',
    {
      schema: { params, response: { 200: searchResult } },
      preHandler: app.requireUser,
      config: perUserRateLimit(SEARCHES_PER_MINUTE),
    },
    async (request) => search(db, request.params.text),
  );
};

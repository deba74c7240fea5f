// The OpenAPI 3 document of the API calls, generated from the routes' zod schemas (served at /api/docs by the
// operations routes). Pages and static files are routes too but not API calls, so they are left out.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'DevCourses API',
        version: '1',
        description:
          'The calls of the product specification (spellings kept) and the additions: logout, single-use token links and the Studio.',
      },
      components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'auth-token' } } },
    },
    transform: (input) =>
      input.url.startsWith('/api/') ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
  });
}

export default fp(openapi, { name: 'openapi' });

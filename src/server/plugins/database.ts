// The database as `app.database`: PGlite or PostgreSQL, opened by whoever builds the app (main.ts, the tests), which
// also closes it after the app, so this plugin holds nothing to clean up. Plugins that query depend on it by name.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabaseOptions {
  database: Database;
}

async function database(app: FastifyInstance, options: DatabaseOptions) {
  app.decorate('database', options.database);
}

export default fp(database, { name: 'database' });

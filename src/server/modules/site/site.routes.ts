// The site's settings: everyone reads them (GET /api/site, cached like the catalogue; the rendered pages carry them),
// admins read and change them in the Studio (GET and PUT /api/studio/settings).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSettings, siteSettingsBody } from '../../../shared/site-schema';
import { sendPublicJson } from '../../lib/http-cache';
import { perUserRateLimit } from '../../lib/per-user-rate-limit';
import { answerSerializer } from '../../lib/read-cache';
import { signedInUser } from '../../plugins/current-user';
import { saveSiteSettings } from './site.service';

const SETTINGS_WRITES_PER_MINUTE = 30;

export const siteRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get('/api/site', { schema: { tags: ['site'], response: { 200: siteSettings } } }, async (request, reply) => {
    const json = await app.readCache.get('site', answerSerializer(reply), () => app.site());
    return sendPublicJson(request, reply, json);
  });

  app.get(
    '/api/studio/settings',
    { preHandler: app.requireAdmin, schema: { response: { 200: siteSettings } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.site();
    },
  );

  app.put(
    '/api/studio/settings',
    {
      preHandler: app.requireAdmin,
      config: perUserRateLimit(SETTINGS_WRITES_PER_MINUTE),
      schema: { body: siteSettingsBody, response: { 200: siteSettings } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id, name } = signedInUser(request);
      const saved = await saveSiteSettings(db, { id, name }, request.body);
      app.contentChanged();
      return saved;
    },
  );
};

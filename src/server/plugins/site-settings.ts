// The site's settings as the server uses them (mails, feeds, rendered pages): read once and kept until the content
// changes, in every process (they are cleared with the read cache, plugins/content-cache.ts).
import fp from 'fastify-plugin';
import type { SiteSettings } from '../../shared/site';
import { MemoCache } from '../lib/read-cache';
import { readSiteSettings } from '../modules/site/site.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's settings now (cached until the next content change). */
    site(): Promise<SiteSettings>;
  }
}

export default fp(
  async (app) => {
    const cache = new MemoCache<SiteSettings>(1);
    app.clearWithContent(cache);
    app.decorate(
      'site',
      async () => (await cache.get('site', () => readSiteSettings(app.database.db))) as SiteSettings,
    );
  },
  { name: 'site-settings', dependencies: ['database', 'content-cache'] },
);

// For search engines and feed readers: /sitemap.xml (every public, published page with its last change),
// /robots.txt (the sitemap, and no crawling of the API, the Studio or account pages) and /rss.xml (RSS 2.0 of the
// blog, newest first, full content, titled and described by the site's settings). Kept in the page cache, so they
// are rebuilt only after a content change (a change of the settings is one).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_READ_CACHE_CONTROL, etagOf } from '../../lib/http-cache';
import { listBlogs } from '../blogs';
import { blogLastChange, listPublicPages } from './pages.service';

/** Text for XML: the five escapes, and no characters XML 1.0 forbids (control characters). */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Paths robots.txt keeps crawlers out of: the API, the Studio and the pages of one visitor's account. */
export const DISALLOWED = ['/api/', '/studio', '/login', '/signup', '/user/', '/learning'];

export const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const site = app.config.publicUrl;

  const send = (request: FastifyRequest, reply: FastifyReply, type: string, body: string) => {
    const etag = etagOf(body);
    reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL).header('etag', etag).type(type);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return reply.status(304).send();
    return reply.send(body);
  };
  const cached = async (key: string, build: () => Promise<string>) =>
    (await app.pageCache.get(key, async () => ({ status: 200 as const, html: await build() })))?.html ?? build();

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = await cached('sitemap.xml', async () => {
      const pages = await listPublicPages(db);
      const urls = pages.map(
        (page) =>
          `  <url><loc>${xmlText(site + page.path)}</loc><lastmod>${page.lastmod.toISOString()}</lastmod></url>`,
      );
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
    });
    return send(request, reply, 'application/xml; charset=utf-8', xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const text = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${site}/sitemap.xml`,
      '',
    ];
    return send(request, reply, 'text/plain; charset=utf-8', text.join('\n'));
  });

  app.get('/rss.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = await cached('rss.xml', async () => {
      const [posts, lastChange, settings] = await Promise.all([listBlogs(db), blogLastChange(db), app.site()]);
      const items = posts.map((post) => {
        const link = `${site}/blog/${encodeURIComponent(post._id)}`;
        return [
          '    <item>',
          `      <title>${xmlText(post.title)}</title>`,
          `      <link>${xmlText(link)}</link>`,
          `      <guid isPermaLink="true">${xmlText(link)}</guid>`,
          `      <pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
          `      <description>${xmlText(post.content)}</description>`,
          '    </item>',
        ].join('\n');
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '  <channel>',
        `    <title>${xmlText(`${settings.siteName} blog`)}</title>`,
        `    <link>${xmlText(`${site}/blog/`)}</link>`,
        `    <description>${xmlText(settings.description || `News and articles about programming from ${settings.siteName}.`)}</description>`,
        '    <language>en</language>',
        `    <atom:link href="${xmlText(`${site}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
        ...(lastChange ? [`    <lastBuildDate>${lastChange.toUTCString()}</lastBuildDate>`] : []),
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    });
    return send(request, reply, 'application/rss+xml; charset=utf-8', xml);
  });
};

// The built web app, when there is one: its static files (hashed assets kept for a year), public pages rendered on
// the server (kept in the page cache until the content changes), the app shell for the pages rendered in the
// browser, and `{error}` 404s for everything else; `app.renderPage` renders a page with data of one request (a form
// post's answer). Registered after the API routes; it holds nothing to close.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SITE_STATE_ID, type SiteSettings } from '../../shared/site';
import type { CreatePageRenderer, HandedQuery, PageRenderer, RenderedPage, RendererOptions } from '../../shared/ssr';
import { HTML_TYPE, sendPublic } from '../lib/http-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the page at `url` with data computed for this request only (a form post's answer), outside the page
     *  cache; null when there is no renderer or the route is not a rendered page. */
    renderPage(url: string, handed: readonly HandedQuery[]): Promise<RenderedPage | null>;
  }
}

export interface WebAppOptions {
  /** The web build (index.html, assets/); without one, every path that is not an API call answers 404. */
  webDir: string | undefined;
  /** The web build's index.html (`pageTemplate`), the template of every page. */
  template: string | undefined;
  /** The server-rendering entry. Default: the built one, dist/ssr/entry-server.js beside the web build; tests hand
   *  in src/web/entry-server.tsx itself. Without one, every page gets the plain app shell. */
  createPageRenderer?: CreatePageRenderer;
}

/** Longest page path we look at; the app's longest real ones (two ids) are far shorter. */
const PAGE_PATH_MAX = 2048;

/** The built web app's index.html, the template of every page, if there is a web build. */
export function pageTemplate(webDir: string | undefined): string | undefined {
  const file = webDir && path.join(webDir, 'index.html');
  return file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators JavaScript chokes on. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The app shell carrying the site's settings (its name for the navbar and title at the first paint), in an element
 *  the app reads before it renders (web/lib/use-site.ts). */
export function shellWithSite(template: string, site: SiteSettings): string {
  const state = `<script type="application/json" id="${SITE_STATE_ID}">${scriptJson(site)}</script>`;
  const end = template.lastIndexOf('</body>');
  return end < 0 ? template + state : `${template.slice(0, end)}${state}\n  ${template.slice(end)}`;
}

/** The built server-rendering entry beside the web build (`vite build --ssr`), if there is one. */
async function builtRenderer(webDir: string): Promise<CreatePageRenderer | undefined> {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { createPageRenderer: CreatePageRenderer };
  return module.createPageRenderer;
}

function pageRenderer(
  app: FastifyInstance,
  webDir: string,
  template: string,
  create: CreatePageRenderer,
): PageRenderer {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  return create({
    template,
    manifest: fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as RendererOptions['manifest'])
      : {},
    publicUrl: app.config.publicUrl,
    readAsset: (file) => fs.readFileSync(path.join(webDir, path.normalize(file).replace(/^([/\\])+/, '')), 'utf8'),
    // The page's data comes through the same routes (and read cache) as the browser's own reads.
    read: async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return { status: res.statusCode, text: res.body };
    },
  });
}

async function webApp(app: FastifyInstance, { webDir, template, createPageRenderer }: WebAppOptions) {
  const hasWeb = Boolean(webDir && template !== undefined);
  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDir),
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (rel.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=86400');
      },
    });
  }
  const create = hasWeb && webDir ? (createPageRenderer ?? (await builtRenderer(webDir))) : undefined;
  const renderer = create && webDir && template !== undefined ? pageRenderer(app, webDir, template, create) : undefined;

  app.decorate('renderPage', async (url: string, handed: readonly HandedQuery[]) =>
    renderer ? renderer.render(url, handed) : null,
  );

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !url.startsWith('/api/') && url !== '/api' && !/\.[a-z0-9]+$/i.test(url)) {
      if (renderer) {
        if (url.length > PAGE_PATH_MAX) return reply.status(414).send({ error: 'The address is too long.' });
        try {
          decodeURIComponent(url);
        } catch {
          return reply.status(400).send({ error: 'The address is not valid (bad percent-encoding).' });
        }
        // Public pages arrive rendered; the page cache keeps the found ones until the content changes.
        let rendered: RenderedPage | null | undefined;
        const cached = await app.pageCache.get(url, async () => {
          rendered = await renderer.render(url);
          return rendered?.status === 200 ? rendered : null;
        });
        // A 404 is not kept (clients choose those paths); a page another request was rendering is rendered here.
        const page = cached ?? (rendered === undefined ? await renderer.render(url) : rendered);
        if (page) {
          // A kept page is the same for every reader (pages are rendered for a reader signed out): it is answered
          // as a public answer, with an ETag (a browser's revalidation ends in a bodiless 304), and kept as bytes.
          if (page === cached)
            return sendPublic(request, reply, { body: page.html, contentType: HTML_TYPE, cacheControl: 'no-cache' });
          return reply.status(page.status).header('cache-control', 'no-cache').type(HTML_TYPE).send(page.html);
        }
      }
      // A preview (a draft or a working copy, decision 0051) is for its author, admins and link holders: never kept,
      // never indexed.
      if (url.startsWith('/preview/'))
        return reply
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .type(HTML_TYPE)
          .sendFile('index.html');
      // A page of the app that is not rendered on the server (account pages, the Studio): the app shell routes it.
      return reply
        .header('cache-control', 'no-cache')
        .type(HTML_TYPE)
        .send(shellWithSite(template ?? '', await app.site()));
    }
    return reply.status(404).send({ error: `Not found: ${request.method} ${url}` });
  };
  // Pages are a route (so they are compressed like every answer); other methods, and paths too long for the router,
  // reach the same handler as the not-found case.
  if (renderer) app.get('/*', { schema: { hide: true } }, servePage);
  app.setNotFoundHandler(servePage);
}

export default fp(webApp, { name: 'web-app', dependencies: ['content-cache'] });

// The server-rendering entry (docs/decisions/0016): renders the public pages as HTML with the same route components the
// browser hydrates, their data read through the server's own API routes and handed to the page, and each page's head.
// Which pages it renders, the reads each may make and each one's head come from the pages' own declarations
// (ssr/rendered-pages.ts). Built by `vite build --ssr` into dist/ssr/entry-server.js; the server loads it at start
// (src/server/app.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { JSDOM } from 'jsdom';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { CreatePageRenderer, ManifestChunk, RenderedPage } from '../shared/ssr';
import { patterns } from './app/paths';
import { appRoutes, AppRoutes, matchPage } from './app/router';
import { scriptJson, SSR_STATE_ID, toWire } from './app/ssr-state';
import { setPurifierWindow } from './components/rich-html';
import { ApiError, setServerTransport } from './lib/api';
import { type PageStatus, PageStatusContext } from './lib/page-status';
import { Router } from './lib/router';
import { PAGE_MODULES_ID } from './starter/contract';
import { headTags, pageHead } from './ssr/head';
import { renderedPages } from './ssr/rendered-pages';

/** Reads any page may make besides its declared ones: the site's settings (its name in the navbar and the head, the
 *  footer), and files of the site itself, such as a lesson's captions for its transcript (captions on another host are
 *  left to the browser). */
const SITE_READS = ['/api/site', '/media/'];

/** The declared reads of the page being rendered: pages render concurrently, so each render carries its own. */
const pageReads = new AsyncLocalStorage<readonly string[]>();

class LeftToBrowser extends Error {}

/** Answers handed over to the browser as they are: a 404 (the 404 view) and a 410 (a page stating what was
 *  withdrawn). */
const isHandedOver = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);

/** Rounds of render → fetch what the render asked for: a page's queries may depend on earlier answers. */
const MAX_PASSES = 4;

function App({ client, pathname, status }: { client: QueryClient; pathname: string; status: PageStatus }) {
  return (
    <StrictMode>
      <PageStatusContext.Provider value={status}>
        <QueryClientProvider client={client}>
          {/* The path being rendered, undecoded, as the browser's address will have it when it hydrates. */}
          <Router ssrPath={pathname}>
            <AppRoutes />
          </Router>
        </QueryClientProvider>
      </PageStatusContext.Provider>
    </StrictMode>
  );
}

/** React's markers of a Suspense boundary whose content is sent after it, out of place: the pending boundary
 *  (`<!--$?-->`) and the inline scripts (`$RC`, `$RS`, ...) that move the content in. */
const OUT_OF_PLACE = /<!--\$\?-->|<script\b/i;

async function prerender(element: React.ReactElement): Promise<string> {
  // A component that throws would leave a part of the page to the browser; here it fails the render instead (a
  // bug to see, not a page to cache).
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => {
      failure ??= error;
    },
    // A page is sent whole, each part where it stands. By default React sends a finished Suspense boundary larger
    // than this (12,800 bytes, a list page of about 20 cards) after the rest of the page, hidden, behind its fallback,
    // and moves it in with an inline script, which the CSP blocks (scripts only from the site or by the template's
    // hashes): with JavaScript off the page showed its loading state, with it on hydration failed (React #419) and
    // left the hidden copy in the page.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (failure instanceof Error) throw failure;
  if (failure !== undefined) throw new Error('The page failed to render');
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const html = Buffer.concat(chunks).toString('utf8');
  // Never a page with a part out of place (a hole with JavaScript off): fail the render instead of caching it.
  if (OUT_OF_PLACE.test(html)) throw new Error('The page rendered with a part sent out of place (an inline script)');
  return html;
}

/** No frame of a half-parsed page: Chromium may paint while it parses, and what it parses next then moves what it
 *  painted (the navbar's last buttons shrink the search box; the contact page's centred column grows and moves up):
 *  layout shifts on a slow device. Rendering waits for the handed-over state, the element after the page's markup (not
 *  #root itself: Chromium lets go once the expected element's start tag is in). Browsers without `rel=expect` ignore it. */
const PAINT_WHEN_PARSED = `<link rel="expect" href="#${SSR_STATE_ID}" blocking="render" />`;

const TITLE_MARK = '\u0000title\u0000';

/** Splits the built index.html where a page's parts go: its head tags where the <title> was, its chunks at the end of
 *  the head, its body in #root. */
function parseTemplate(template: string) {
  let page = template
    // The shell's "needs JavaScript" note: a rendered page does not.
    .replace(/<noscript>[^<]*needs JavaScript[\s\S]*?<\/noscript>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<title>[\s\S]*?<\/title>/, TITLE_MARK);
  const entry = /\s*<script type="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>/.exec(page);
  if (!entry) throw new Error('index.html needs its module script');
  page = page.replace(entry[0], '');
  const title = page.indexOf(TITLE_MARK);
  const headEnd = page.indexOf('</head>');
  const root = page.indexOf('<div id="root"></div>');
  if (title < 0 || headEnd < 0 || root < 0)
    throw new Error('index.html needs a <title>, </head> and <div id="root"></div>');
  return {
    entryScript: entry[0].trim(),
    beforeTitle: page.slice(0, title),
    titleToHeadEnd: page.slice(title + TITLE_MARK.length, headEnd),
    headToRoot: page.slice(headEnd, root),
    afterRoot: page.slice(root + '<div id="root"></div>'.length),
  };
}

/** The manifest key of a module: its source path, or, for a module that became a shared chunk (imported statically
 *  somewhere too, like the 404 view), that chunk's `_name-hash.js` key. */
function chunkKey(manifest: Record<string, ManifestChunk>, source: string): string {
  if (manifest[source]) return source;
  const name = source.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === name) ?? source;
}

/** The chunk files (to preload) and stylesheets of a page module and the chunks it imports, minus the entry's own. */
function pageAssets(manifest: Record<string, ManifestChunk>, key: string): { js: string[]; css: string[] } {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loadedByEntry = new Set<string>();
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name) || !manifest[name]) return;
    into.add(name);
    for (const next of manifest[name].imports ?? []) walk(next, into);
  };
  const entryKey = Object.keys(manifest).find((name) => manifest[name] === entry);
  if (entryKey) walk(entryKey, loadedByEntry);
  const page = new Set<string>();
  walk(key, page);
  const js: string[] = [];
  const css: string[] = [];
  for (const name of page) {
    if (loadedByEntry.has(name)) continue;
    js.push(`/${manifest[name].file}`);
    for (const file of manifest[name].css ?? []) css.push(`/${file}`);
  }
  return { js, css };
}

/** A stylesheet as a <style> element: a rendered page paints without waiting for another request (Lighthouse's
 *  render-blocking resources; the CSP allows inline styles). Left a link when the file cannot be read.
 *  Beside it, the same stylesheet as a *disabled* link, which browsers neither fetch nor apply: Vite's loader looks for
 *  `link[rel=stylesheet]` before it adds a lazy chunk's CSS, and without one it appended the entry's stylesheet again,
 *  after the page's own rules, which then lost to it (the lesson page's top padding, a layout shift on hydration). */
function inlineStyle(readAsset: (path: string) => string, href: string): string {
  try {
    return `<style>${readAsset(href).replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled />`;
  } catch {
    return `<link rel="stylesheet" crossorigin href="${href}" />`;
  }
}

export const createPageRenderer: CreatePageRenderer = ({ template, manifest, publicUrl, read, readAsset }) => {
  // A read the page did not declare (comments, a learner's progress) is left for the browser to fetch after hydration,
  // and the page renders its loading state there, as the browser's own first render does.
  setServerTransport((path) =>
    [...(pageReads.getStore() ?? []), ...SITE_READS].some((prefix) => path.startsWith(prefix))
      ? read(path)
      : Promise.reject(new LeftToBrowser()),
  );
  for (const { pattern } of renderedPages.values()) {
    // A declaration for a route the table does not have would never render: fail at start.
    if (!appRoutes.some((route) => route.path === pattern))
      throw new Error(`A page declares the route ${pattern}, which app/router.tsx does not have`);
  }
  const notFoundPage = renderedPages.get(patterns.notFound);
  if (!notFoundPage) throw new Error('The 404 view needs its declaration (components/not-found.head.ts)');
  setPurifierWindow(new JSDOM('').window);
  const parts = parseTemplate(
    template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) =>
      inlineStyle(readAsset, href),
    ),
  );
  /** The chunks and stylesheets a page needs before it hydrates: its own and its lazy parts'. */
  const assetsOf = (pattern: string) => {
    const page = renderedPages.get(pattern);
    const sources = page ? [page.source, ...(page.drawnLazily ?? [])] : [];
    const modules = sources.map((source) => chunkKey(manifest, source));
    // A page module renamed without its companion, or a lazy part moved: fail at start, not with pages that hydrate
    // late.
    const unknown = modules.filter((key) => Object.keys(manifest).length > 0 && !manifest[key]);
    if (unknown.length) throw new Error(`The web build has no chunk for ${unknown.join(', ')} (entry-server.tsx)`);
    return modules.map((key) => pageAssets(manifest, key));
  };
  /** The <style> tags for the pages named, and the entry script with their chunks' module preloads, each file once.
   *  The scripts wait in an inert <template> that index.html's starter puts into the head once the page has painted:
   *  the page is drawn from its HTML and needs them only to hydrate, so no download competes with its first paint
   *  (Lighthouse's model also counts a script that arrived before the first paint as blocking it, however late it
   *  ran). */
  const tagsOf = (...pagePatterns: string[]) => {
    const assets = pagePatterns.flatMap(assetsOf);
    const js = [...new Set(assets.flatMap((a) => a.js))];
    const css = [...new Set(assets.flatMap((a) => a.css))];
    return [
      ...css.map((href) => inlineStyle(readAsset, href)),
      `<template id="${PAGE_MODULES_ID}">`,
      `  ${parts.entryScript}`,
      ...js.map((href) => `  <link rel="modulepreload" crossorigin href="${href}" />`),
      '</template>',
    ].join('\n    ');
  };
  const assetTags = new Map<string, string>();
  // A detail page that found nothing shows the 404 view, a chunk of its own.
  const notFoundAssetTags = new Map<string, string>();
  for (const pattern of renderedPages.keys()) {
    assetTags.set(pattern, tagsOf(pattern));
    notFoundAssetTags.set(pattern, tagsOf(pattern, patterns.notFound));
  }

  return {
    async render(pathname, handed = []): Promise<RenderedPage | null> {
      const route = matchPage(pathname);
      const page = route && renderedPages.get(route.pattern);
      if (!route || !page) return null;
      // Only this page's declared reads are answered while it renders (and while its head is built).
      return pageReads.run(page.reads, async () => {
        await route.preload();

        const client = new QueryClient({
          // retryOnMount off: a query that failed (a 404) renders as failed, not as about to be fetched again; the
          // browser gets the same default for the failures handed to it (app/ssr-state.ts).
          defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
        });
        for (const { key, data } of handed) client.setQueryData(key, data);
        let notFound = false;
        let gone = false;
        const status: PageStatus = { markNotFound: () => (notFound = true), markGone: () => (gone = true) };
        const element = <App client={client} pathname={pathname} status={status} />;

        const asked = new Set<string>();
        for (let pass = 0; pass < MAX_PASSES; pass++) {
          renderToString(element);
          const pending = client
            .getQueryCache()
            .getAll()
            .filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash));
          if (pending.length === 0) break;
          await Promise.all(
            pending.map(async (query) => {
              asked.add(query.queryHash);
              await query.fetch().catch(() => undefined);
              // Only answers and 404s are handed over. Anything else (left to the browser, or a read that failed here,
              // such as a captions file) is forgotten, so the page renders it as loading, as the browser first will.
              if (query.state.status === 'error' && !isHandedOver(query.state.error))
                client.getQueryCache().remove(query);
            }),
          );
        }
        notFound = false;
        gone = false;
        const body = await prerender(element);

        const state = dehydrate(client, {
          shouldDehydrateQuery: (query) =>
            query.state.status === 'success' || (query.state.status === 'error' && isHandedOver(query.state.error)),
        });
        // A page that showed the 404 view (an unknown or draft id) has the 404 view's head.
        const head = await pageHead((notFound ? notFoundPage : page).head, {
          client,
          params: route.params,
          pathname,
          publicUrl,
        });
        const html = [
          parts.beforeTitle,
          headTags(head),
          parts.titleToHeadEnd,
          `  ${PAINT_WHEN_PARSED}\n    `,
          (notFound ? notFoundAssetTags : assetTags).get(route.pattern) ?? '',
          '\n  ',
          parts.headToRoot,
          `<div id="root">${body}</div>\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(toWire(state, page.handOver))}</script>`,
          parts.afterRoot,
        ].join('');
        return { status: notFound ? 404 : gone ? 410 : 200, html };
      });
    },
  };
};

// The server-rendering entry (issue 10, DESIGN §7, docs/decisions/0016): renders the same route components the
// browser hydrates, with their data read through the server's own API routes, and hands that data to the page.
// Built by `vite build --ssr` into dist/ssr/entry-server.js; the server loads it (src/server/plugins/pages.ts).
import { JSDOM } from 'jsdom';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { CreatePageRenderer, ManifestChunk, RenderedPage } from '../shared/ssr';
import { patterns } from './app/paths';
import { preloadShell } from './app/layout';
import { AppRoutes, matchPage } from './app/router';
import { scriptJson, SSR_STATE_ID, toWire } from './app/ssr-state';
import { setPurifierWindow } from './components/rich-html';
import { ApiError, setServerTransport } from './lib/api';
import { type PageStatus, PageStatusContext } from './lib/page-status';
import { Router } from './lib/router';
import { headTags, pageHead } from './ssr/head';

/** The server-rendered routes (issue 10's public pages and the 404 view) and their modules, by which the build
 *  manifest names the chunk and CSS a page needs before it hydrates. Account pages and the Studio are not here: they
 *  are a visitor's own and keep the plain app shell. */
export const RENDERED_PAGES: Record<string, string> = {
  [patterns.home]: 'src/web/features/home/home-page.tsx',
  [patterns.courses]: 'src/web/features/courses/courses-page.tsx',
  [patterns.course]: 'src/web/features/courses/course-page.tsx',
  [patterns.lesson]: 'src/web/features/courses/lesson-page.tsx',
  [patterns.tutorials]: 'src/web/features/tutorials/tutorials-page.tsx',
  [patterns.tutorial]: 'src/web/features/tutorials/tutorial-page.tsx',
  [patterns.blogs]: 'src/web/features/blogs/blogs-page.tsx',
  [patterns.blog]: 'src/web/features/blogs/blog-page.tsx',
  [patterns.contact]: 'src/web/features/contact/contact-page.tsx',
  [patterns.notFound]: 'src/web/components/not-found.tsx',
};

/** Lazy parts of the frame around every page that the browser preloads before it hydrates (app/layout.tsx,
 *  preloadShell): fetched with the page, not after it. */
const SHELL_DRAWN_LAZILY = ['src/web/app/route-announcer.tsx', 'src/web/components/theme-toggle.tsx'];

/** Lazy parts a page preloads before it hydrates (its `preload` export): fetched with the page, not after it. */
const DRAWN_LAZILY: Record<string, string[]> = {
  [patterns.lesson]: [
    'src/web/features/learning/components/lesson-player.tsx',
    'src/web/components/video-player-impl.tsx',
  ],
};

/** The public catalogue reads (and site files) the renderer answers; anything else (comments, a learner's progress) is left for the
 *  browser to fetch after hydration, and the page renders its loading state there, as the browser first does. */
const PUBLIC_READS = [
  '/api/course/getCourse',
  '/api/lession/getLessionList/',
  '/api/lession/getLession/',
  '/api/tutorial/getTutorial',
  '/api/blog/getBlog',
  // Files of the site itself: a lesson's captions, for its transcript.
  '/media/',
];

class LeftToBrowser extends Error {}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

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

async function prerender(element: React.ReactElement): Promise<string> {
  // A component that throws would leave a part of the page to the browser; here it fails the render instead (a
  // bug to see, not a page to cache).
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => {
      failure ??= error;
    },
  });
  if (failure instanceof Error) throw failure;
  if (failure !== undefined) throw new Error('The page failed to render');
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** No frame of a half-parsed page: Chromium may paint while it parses, and what it parses next then moves what it
 *  painted (the navbar's last buttons shrink the search box; the contact page's centred column grows and moves up):
 *  layout shifts on a slow device. Rendering waits for the handed-over state, the element after the page's markup (not
 *  #root itself: Chromium lets go once the expected element's start tag is in). Browsers without `rel=expect` ignore it. */
const PAINT_WHEN_PARSED = `<link rel="expect" href="#${SSR_STATE_ID}" blocking="render" />`;

/** The <template> that holds a rendered page's scripts; index.html's starter looks for it. */
const PAGE_MODULES_ID = 'page-modules';

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
  setServerTransport((path) =>
    PUBLIC_READS.some((prefix) => path.startsWith(prefix)) ? read(path) : Promise.reject(new LeftToBrowser()),
  );
  setPurifierWindow(new JSDOM('').window);
  const parts = parseTemplate(
    template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) =>
      inlineStyle(readAsset, href),
    ),
  );
  /** The chunks and stylesheets a page needs before it hydrates: its own, its lazy parts', the frame's. */
  const assetsOf = (pattern: string) => {
    const modules = [RENDERED_PAGES[pattern], ...(DRAWN_LAZILY[pattern] ?? []), ...SHELL_DRAWN_LAZILY].map((source) =>
      chunkKey(manifest, source),
    );
    // A page module renamed without this table: fail at start, not with pages that hydrate late.
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
  for (const pattern of Object.keys(RENDERED_PAGES)) {
    assetTags.set(pattern, tagsOf(pattern));
    notFoundAssetTags.set(pattern, tagsOf(pattern, patterns.notFound));
  }

  return {
    async render(pathname): Promise<RenderedPage | null> {
      const page = matchPage(pathname);
      if (!page || !(page.pattern in RENDERED_PAGES)) return null;
      await Promise.all([page.preload(), preloadShell()]);

      const client = new QueryClient({
        // retryOnMount off: a query that failed (a 404) renders as failed, not as about to be fetched again; the
        // browser gets the same default for the failures handed to it (app/ssr-state.ts).
        defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
      });
      let notFound = false;
      const status: PageStatus = { markNotFound: () => (notFound = true) };
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
            if (query.state.status === 'error' && !isNotFound(query.state.error)) client.getQueryCache().remove(query);
          }),
        );
      }
      notFound = false;
      const body = await prerender(element);

      const state = dehydrate(client, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' || (query.state.status === 'error' && isNotFound(query.state.error)),
      });
      const head = await pageHead(
        client,
        { pattern: page.pattern, params: page.params },
        pathname,
        publicUrl,
        notFound,
      );
      const html = [
        parts.beforeTitle,
        headTags(head),
        parts.titleToHeadEnd,
        `  ${PAINT_WHEN_PARSED}\n    `,
        (notFound ? notFoundAssetTags : assetTags).get(page.pattern) ?? '',
        '\n  ',
        parts.headToRoot,
        `<div id="root">${body}</div>\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(toWire(state))}</script>`,
        parts.afterRoot,
      ].join('');
      return { status: notFound ? 404 : 200, html };
    },
  };
};

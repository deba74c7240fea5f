// The contract between the server and the web app's server-rendering entry (src/web/entry-server.tsx, built by
// `vite build --ssr` into dist/ssr): the server hands the renderer the page template and a way to read the public
// API in process; the renderer answers HTML. See docs/decisions/0016-server-rendering.md.

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  /** A shared chunk (key `_name-hash.js`, a module that is also imported statically) has only its name. */
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface RendererOptions {
  /** The built index.html: the page every rendered body goes into. */
  template: string;
  /** Vite's manifest of the web build: which files a route's chunk needs. */
  manifest: Record<string, ManifestChunk>;
  /** PUBLIC_URL without a trailing slash: canonical links, share previews, JSON-LD. */
  publicUrl: string;
  /** The text of a built file (`/assets/x.css`): stylesheets are inlined into rendered pages. */
  readAsset: (path: string) => string;
  /** GET of a public read path (`/api/...`) answered in process, through the same routes and read cache. */
  read: (path: string) => Promise<{ status: number; text: string }>;
}

export interface RenderedPage {
  /** 410: the page of something withdrawn for good (a revoked certificate), stating it. */
  status: 200 | 404 | 410;
  html: string;
}

/** Data the server hands to one render besides the page's reads: an answer it computed for this request only (a quiz
 *  scored from a form post), put in the page's query cache under `key` before it renders and handed over with it. */
export interface HandedQuery {
  key: readonly unknown[];
  data: unknown;
}

export interface PageRenderer {
  /** The page at `pathname` (percent-encoded, no query), or null when that route is not server-rendered (account
   *  pages, the Studio): those get the plain app shell. `handed` is data for this render only (never cached). */
  render(pathname: string, handed?: readonly HandedQuery[]): Promise<RenderedPage | null>;
}

export type CreatePageRenderer = (options: RendererOptions) => PageRenderer;

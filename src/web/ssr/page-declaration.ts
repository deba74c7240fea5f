// What a server-rendered page declares about itself on the server. A page is its module (`features/x/x-page.tsx`,
// the component the route table loads lazily) and, beside it, a server-only companion `x-page.head.ts` that exports
// `page = declarePage({...})`: the route it renders, the reads the renderer may answer for it and its head. The
// registry (./rendered-pages.ts) finds every companion by that name, so the browser never loads this code and adding a
// rendered page is its module, its companion and one line in the route table (app/router.tsx).
import type { HeadOf } from './head';

export interface PageDeclaration {
  /** The page's pattern in the route table (app/paths.ts `patterns`). */
  pattern: string;
  /** The start of every read (an API path) the renderer answers in process for this page. Any other read is left to
   *  the browser, and the page renders its loading state there, as the browser's own first render does. */
  reads: readonly string[];
  /** The source files of the lazy parts the page module's `preload` loads before it hydrates: their chunks are
   *  fetched with the page's, not after it. */
  drawnLazily?: readonly string[];
  /** Its head: title and share title, description, canonical, share image and JSON-LD. */
  head: HeadOf;
  /** What of a read's answer the browser is handed to hydrate with, when the page shows less than the answer holds:
   *  given each answered read's query key and data, the data to hand over (every copy of the page carries it). The
   *  page's own types must then say what it reads, so that nothing it renders needs what is left out. */
  handOver?: HandOver;
}

export type HandOver = (queryKey: readonly unknown[], data: unknown) => unknown;

/** A page's declaration, typed (the companion's `export const page = declarePage({...})`). */
export const declarePage = (page: PageDeclaration): PageDeclaration => page;

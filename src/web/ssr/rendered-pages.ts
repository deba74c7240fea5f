// The registry of server-rendered pages: every page module's server-only companion `<page>.head.ts` (its
// `page = declarePage({...})`), found by that name, so no list elsewhere names the pages. Only the server entry
// imports it.
import type { PageDeclaration } from './page-declaration';

export interface RegisteredPage extends PageDeclaration {
  /** The page module, as the build manifest names it (`src/web/features/x/x-page.tsx`): the companion's name with
   *  `.tsx`. */
  source: string;
}

const companions = import.meta.glob<PageDeclaration>('../**/*.head.ts', { eager: true, import: 'page' });

/** Every rendered page, by its route pattern. */
export const renderedPages: ReadonlyMap<string, RegisteredPage> = new Map(
  Object.entries(companions).map(([file, page]) => {
    const source = `src/web/${file.replace(/^\.\.\//, '').replace(/\.head\.ts$/, '.tsx')}`;
    return [page.pattern, { ...page, source }];
  }),
);

if (renderedPages.size !== Object.keys(companions).length)
  throw new Error('Two page declarations (<page>.head.ts) name the same route');

// The names index.html's inline starter (page-starter.ts) and the app share, in one place: both import them, the starter
// through the build, which bundles it into the page (vite.config.ts). (Strings kept apart, not in an object: the
// starter's bundler inlines no object property, and the starter comes with every page.)

/** The inert <template> in which a rendered page's scripts wait (entry-server.tsx writes it) until the starter puts
 *  them into the head, once the browser has painted the page. */
export const PAGE_MODULES_ID = 'page-modules';

/** Announced on `document` by main.tsx as React takes the page over: the starter stops holding the reader's clicks and
 *  keys (React hears them from here on). */
export const APP_HYDRATING = 'app:hydrating';
/** Announced on `document` by main.tsx once React has committed the page: the starter hands over what it held. */
export const APP_STARTED = 'app:started';

/** The navbar's search shortcut, as its `aria-keyshortcuts` names it. */
export const SEARCH_SHORTCUT_KEYS = '/ Control+K Meta+K';

/** Whether a key press is the search shortcut: '/' typed outside a field the reader can type in, or Ctrl+K / Cmd+K
 *  anywhere. A read-only field takes no text, so '/' there is the shortcut too: the navbar's read-only search box,
 *  which has focus again when the search dialog closes, is one. The navbar opens the search on it; the starter holds
 *  it until the navbar is there. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return event.key.toLowerCase() === 'k';
  const target = event.target;
  const typable =
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLSelectElement ||
      ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && !target.readOnly));
  return event.key === '/' && !typable;
}

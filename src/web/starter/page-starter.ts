// The starter of a server-rendered page (decisions 0016 and 0042), inlined at the end of index.html's body by the build
// (vite.config.ts), so the CSP allows it by its hash. The page is complete HTML, so its scripts wait in an inert
// <template> (entry-server.tsx) until the browser has painted it: its first paint waits on no download. Until React
// has hydrated the page, the reader's last click on a plain button, the search box (or Enter on it) or a link of the
// site, and the search shortcut, are held and then handed to the app, so nothing is lost and a link keeps what the app
// carries along ('Login' returning to the page, focus on the heading). A held link is followed as a plain link if the
// app is not there within 3 s. The other pages load the entry from <head> and have no template: there it does nothing.
import { APP_HYDRATING, APP_STARTED, isSearchShortcut, PAGE_MODULES_ID } from './contract';

/** How long a held link waits for the app before the browser follows it. */
const LINK_FALLBACK_MS = 3000;

export default function startPage(): void {
  const modules = document.getElementById(PAGE_MODULES_ID) as HTMLTemplateElement | null;
  if (!modules) return;
  let held: HTMLElement | undefined;
  let shortcut: KeyboardEventInit | undefined;
  let linkTimer: ReturnType<typeof setTimeout> | undefined;

  /** The link clicked, if the app can follow it: of this site, a plain left click, not a download, another window or
   *  a jump within this page. */
  function appLink(event: MouseEvent, target: Element): HTMLAnchorElement | null {
    const link = target.closest<HTMLAnchorElement>('a[href]');
    if (!link || link.origin !== location.origin || link.target || link.hasAttribute('download')) return null;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
    const samePage = link.pathname === location.pathname && link.search === location.search;
    return samePage && link.hash ? null : link;
  }

  function onClick(event: MouseEvent): void {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = appLink(event, target);
    if (link) {
      event.preventDefault();
      clearTimeout(linkTimer);
      linkTimer = setTimeout(() => location.assign(link.href), LINK_FALLBACK_MS);
      held = link;
    } else {
      held = target.closest<HTMLElement>('button[type="button"], input[readonly]') ?? held;
    }
  }

  function onKeyDown(event: KeyboardEvent): void {
    const target = event.target;
    // Enter on the read-only search box opens it, as a click does (a button's Enter and Space are clicks).
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.readOnly) {
      held = target;
      return;
    }
    onShortcut(event);
  }

  function onShortcut(event: KeyboardEvent): void {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    shortcut = { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, bubbles: true };
  }

  function stop(): void {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKeyDown, true);
  }

  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown, true);
  // React hears the page's clicks and keys from here on (and replays what reaches parts it has not hydrated yet). The
  // search shortcut is not React's: the navbar listens for it on `document` from an effect, which runs only once the
  // navbar is committed, so it stays held until then.
  document.addEventListener(
    APP_HYDRATING,
    () => {
      stop();
      document.addEventListener('keydown', onShortcut, true);
    },
    { once: true },
  );
  document.addEventListener(
    APP_STARTED,
    () => {
      stop();
      document.removeEventListener('keydown', onShortcut, true);
      clearTimeout(linkTimer);
      if (held?.isConnected) held.click();
      // A link the app's first render replaced is still the reader's choice: follow it as a plain link.
      else if (held instanceof HTMLAnchorElement) location.assign(held.href);
      else if (shortcut) document.body.dispatchEvent(new KeyboardEvent('keydown', shortcut));
    },
    { once: true },
  );

  const start = () => document.head.appendChild(document.importNode(modules.content, true));
  // After the frame's animation callbacks, in the next task: once painted. A background tab paints nothing until
  // shown, so there the scripts load at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}

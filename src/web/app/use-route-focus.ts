// After a route change (not the first load), focus moves to the new page's main heading and a polite live region
// names the page, so keyboard and screen-reader users start on the new page instead of on <body>. Pages render
// their heading when their data arrives, so the heading is awaited (a MutationObserver, up to HEADING_WAIT_MS);
// without one, <main> takes the focus. Focus the reader already moved into the new page is never taken away.
import { useEffect, useRef, useState } from 'react';

const HEADING_WAIT_MS = 10_000;

/** True when focus is nowhere in particular or still outside the page (the navbar link that was followed). */
function focusIsFree(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === main || !main.contains(active);
}

export function useRouteFocus(pathname: string, mainId: string): string {
  const [announcement, setAnnouncement] = useState('');
  const firstLoad = useRef(true);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;

    const land = (target: HTMLElement, name: string) => {
      if (focusIsFree(main)) {
        if (target !== main && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      setAnnouncement(name);
    };
    const headingNow = () => main.querySelector<HTMLElement>('h1');

    const heading = headingNow();
    if (heading) {
      land(heading, heading.textContent ?? document.title);
      return;
    }
    const observer = new MutationObserver(() => {
      const found = headingNow();
      if (!found) return;
      stop();
      land(found, found.textContent ?? document.title);
    });
    const timer = setTimeout(() => {
      stop();
      land(main, document.title);
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId]);

  return announcement;
}

// After a route change (not the first load), focus moves to the new page's main heading and a polite live region
// names the page, so keyboard and screen-reader users start on the new page instead of on <body>. Pages render
// their heading when their data arrives, so a MutationObserver waits for it (until the next route change). Focus
// the reader already moved into the new page is never taken away.
import { useEffect, useRef, useState } from 'react';

export function useRouteFocus(pathname: string, mainId: string): string {
  const [announcement, setAnnouncement] = useState('');
  const firstLoad = useRef(true);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (firstLoad.current || !main) {
      firstLoad.current = false;
      return;
    }
    const land = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      const active = document.activeElement;
      // Focus is free when it is nowhere, on <main>, or still outside the page (the navbar link just followed).
      if (!active || active === document.body || active === main || !main.contains(active)) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      setAnnouncement(heading.textContent ?? '');
      return true;
    };
    if (land()) return;
    const observer = new MutationObserver(() => {
      if (land()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, mainId]);

  return announcement;
}

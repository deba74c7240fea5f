// After a route change (not the first load), focus moves to the new page's main heading and a polite live region
// names the page, so keyboard and screen-reader users start on the new page instead of on <body>. Pages render
// their heading when their data arrives, so it is waited for (until the next route change). Focus the reader
// already moved into the new page is never taken away.
import { useEffect, useRef, useState } from 'react';
import { focusElement, whenPresent } from '../lib/focus';

export function useRouteFocus(pathname: string, mainId: string): string {
  const [announcement, setAnnouncement] = useState('');
  const firstLoad = useRef(true);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (firstLoad.current || !main) {
      firstLoad.current = false;
      return;
    }
    return whenPresent(
      main,
      () => main.querySelector('h1'),
      (heading) => {
        const active = document.activeElement;
        // Focus is free when it is nowhere, on <main>, or still outside the page (the navbar link just followed).
        if (!active || active === document.body || active === main || !main.contains(active)) focusElement(heading);
        setAnnouncement(heading.textContent ?? '');
      },
    );
  }, [pathname, mainId]);

  return announcement;
}

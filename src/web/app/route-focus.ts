// After a route change (not the first load), focus moves to the new page's main heading and the route announcer's
// live region names the page, so keyboard and screen-reader users start on the new page instead of on <body>. Pages
// render their heading when their data arrives, so it is waited for (until the next route change). Focus the reader
// already moved into the new page is never taken away. Loaded with the first navigation (route-announcer.tsx).
import { focusElement, whenPresent } from '../lib/focus';

/** Waits for the new page's h1 under `main`, focuses it when focus is free and hands its text to `announce`;
 *  returns the function that stops waiting. */
export function followNewPage(main: HTMLElement, announce: (text: string) => void): () => void {
  return whenPresent(
    main,
    () => main.querySelector('h1'),
    (heading) => {
      const active = document.activeElement;
      // Focus is free when it is nowhere, on <main>, or still outside the page (the navbar link just followed).
      if (!active || active === document.body || active === main || !main.contains(active)) focusElement(heading);
      announce(heading.textContent ?? '');
    },
  );
}

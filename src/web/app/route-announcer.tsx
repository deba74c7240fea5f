// The live region that names each new page, drawn with the frame (server and browser alike). The first load does
// nothing here (focus stays put), so what a navigation does, moving focus to the new heading and naming it
// (route-focus.ts), is a chunk of its own loaded with the first navigation, beside the new page's own chunk: the
// first load does not carry it.
import { useEffect, useRef, useState } from 'react';
import { usePathname } from '../lib/router';

export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const pathname = usePathname();
  const [announcement, setAnnouncement] = useState('');
  const firstLoad = useRef(true);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (firstLoad.current || !main) {
      firstLoad.current = false;
      return;
    }
    let stop: (() => void) | undefined;
    let left = false;
    // A chunk that fails to load (offline) leaves focus where it is, as before this existed.
    import('./route-focus')
      .then(({ followNewPage }) => {
        if (!left) stop = followNewPage(main, setAnnouncement);
      })
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname, mainId]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}

// The live region that names each new page, with the focus move of useRouteFocus. Its own lazy chunk: nothing
// happens on the first load (focus stays put), so it can arrive just after it and leave the entry lighter.
import { usePathname } from '../lib/router';
import { useRouteFocus } from './use-route-focus';

export default function RouteAnnouncer({ mainId }: { mainId: string }) {
  const pathname = usePathname();
  const announcement = useRouteFocus(pathname, mainId);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}

// 'Leave without saving?': asks before a link, the Back/Forward buttons or closing the tab leave an editor with
// unsaved changes. The router (wouter, decision 0020) has no blocker of its own (React Router's useBlocker needed its
// data router, which never fitted the first-load budget), so the guard does it by hand:
// - link clicks are caught on the document in the capture phase, before the router's <Link> sees them;
// - Back/Forward: the Navigation API's cancelable `navigate` event, which comes before `popstate` (a popstate
//   listener cannot help: the router's runs first and has already switched to the new page).
//   Where the browser lacks the Navigation API, Back/Forward are not guarded;
// - closing or reloading the tab: the browser's own `beforeunload` prompt.
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Modal } from '../../../components/modal';
import { useNavigate } from '../../../lib/router';

// Which mounted editors have unsaved changes: a course editor and an open lesson editor count separately.
const unsaved = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const anyUnsaved = () => unsaved.size > 0;

/** Marks the calling editor as holding unsaved changes while `active`. */
export function useUnsavedChanges(active: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!active) return;
    unsaved.add(id);
    emit();
    return () => {
      unsaved.delete(id);
      emit();
    };
  }, [active, id]);
}

type Pending = { kind: 'link'; to: string } | { kind: 'traverse'; key: string } | null;

/** The parts of the Navigation API the guard uses (TypeScript's DOM types do not have it yet). */
interface NavigateEventLike extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { key: string };
}
interface NavigationLike extends EventTarget {
  traverseTo(key: string): { committed?: Promise<unknown>; finished?: Promise<unknown> };
}
const navigationApi = () => (window as Window & { navigation?: NavigationLike }).navigation;

/** What React Router's useBlocker gave: whether a navigation is held, and how to let it go or stay. */
export function useLeaveBlocker(when: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const passThrough = useRef(false);

  useEffect(() => {
    if (!when) return;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.closest('[contenteditable="true"]')) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return; // leaving the site: beforeunload asks
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to: `${url.pathname}${url.search}${url.hash}` });
    };

    const onNavigate = (event: Event) => {
      const navigation = event as NavigateEventLike;
      if (passThrough.current) {
        passThrough.current = false;
        return;
      }
      // Browsers make a traversal cancelable only after a user gesture; otherwise it goes ahead.
      if (navigation.navigationType !== 'traverse' || !navigation.cancelable) return;
      event.preventDefault();
      setPending({ kind: 'traverse', key: navigation.destination.key });
    };

    const navigation = navigationApi();
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [when]);

  const reset = useCallback(() => setPending(null), []);
  const proceed = useCallback(() => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'link') {
      navigate(pending.to);
      return;
    }
    const navigation = navigationApi();
    if (!navigation) return;
    passThrough.current = true;
    const result = navigation.traverseTo(pending.key);
    // The entry may be gone (history changed meanwhile): then there is nowhere to go, and nothing to report.
    result.committed?.catch(() => undefined);
    result.finished?.catch(() => undefined);
  }, [navigate, pending]);

  return { state: pending ? ('blocked' as const) : ('unblocked' as const), proceed, reset };
}

/** Rendered once by each editor page: the question, when a navigation is held. */
export function LeaveGuard() {
  const when = useSyncExternalStore(subscribe, anyUnsaved, anyUnsaved);
  const blocker = useLeaveBlocker(when);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal title="Leave without saving?" closeLabel="Close" onClose={blocker.reset} className="studio-dialog">
      <p>Some of your changes are not saved yet. If you leave now, they may be lost.</p>
      <div className="studio-dialog__actions">
        <button type="button" className="button" onClick={blocker.reset}>
          Stay
        </button>
        <button type="button" className="button button--ghost" onClick={blocker.proceed}>
          Leave
        </button>
      </div>
    </Modal>
  );
}

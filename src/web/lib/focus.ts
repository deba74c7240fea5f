// Moving focus to something that appears after a render we do not control (a page's heading when its data arrives,
// a comment once the cache holds it): look now, else watch the container until it shows up.

/** Calls `found` with the first element `find` returns, now or after a later change under `container`; the answer
 *  stops watching. */
export function whenPresent<T extends Element>(
  container: Element,
  find: () => T | null,
  found: (element: T) => void,
): () => void {
  const now = find();
  if (now) {
    found(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = find();
    if (!element) return;
    observer.disconnect();
    found(element);
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Focuses an element that is not focusable by itself (a heading, a list item) without scrolling the page. */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
}

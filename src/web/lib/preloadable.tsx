// A lazily loaded component that can also be loaded ahead. Once `preload()` has resolved it renders at once instead
// of suspending: a server-rendered page preloads the chunks it draws before hydrating, so no part of it is still
// waiting for its code when the first updates arrive (an update to a part that has not hydrated yet throws its
// server HTML away and draws it again; decision 0016).
import { type ComponentType, lazy } from 'react';

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component: Preloadable, preload };
}

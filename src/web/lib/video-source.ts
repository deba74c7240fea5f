// A page's video element, for the parts of the page that use it but are not the player. They read it through this
// source rather than as a prop, so the video arriving changes none of their props: a part the server rendered whose
// code has not loaded yet (the lesson's questions have their own chunk) keeps its server HTML until it hydrates,
// where a new prop before then would make React throw that HTML away and draw the part again from nothing.
import { useSyncExternalStore } from 'react';

export interface VideoSource {
  get: () => HTMLVideoElement | null;
  subscribe: (listener: () => void) => () => void;
}

/** A source and its setter (the player's ref callback). */
export function createVideoSource(): VideoSource & { set: (media: HTMLVideoElement | null) => void } {
  let current: HTMLVideoElement | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (media) => {
      if (media === current) return;
      current = media;
      for (const listener of listeners) listener();
    },
  };
}

const noMedia = () => null;

/** The source's video element (none while the server renders). */
export function useVideo(source: VideoSource): HTMLVideoElement | null {
  return useSyncExternalStore(source.subscribe, source.get, noMedia);
}

// The lesson video player; its code (and react-player for YouTube/Vimeo) loads only on pages that show a video.
import { Suspense } from 'react';
import { preloadable } from '../lib/preloadable';
import type { VideoPlayerProps } from './video-player-impl';

const impl = preloadable<VideoPlayerProps>(() => import('./video-player-impl').then((m) => m.default));

/** Loads the player's code ahead (a server-rendered lesson page, before it hydrates). */
export const preloadVideoPlayer = impl.preload;

export function VideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense fallback={<div className="video-frame video-frame--loading" aria-hidden="true" />}>
      <impl.Component {...props} />
    </Suspense>
  );
}

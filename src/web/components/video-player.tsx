// The lesson video player; its code (and react-player for YouTube/Vimeo) loads only on pages that show a video.
import { lazy, Suspense } from 'react';
import type { VideoPlayerProps } from './video-player-impl';

const VideoPlayerImpl = lazy(() => import('./video-player-impl'));

export function VideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense fallback={<div className="video-frame video-frame--loading" aria-hidden="true" />}>
      <VideoPlayerImpl {...props} />
    </Suspense>
  );
}

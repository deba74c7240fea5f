// The lesson player's code (progress reports, transcript, 'Up next', the mark button) is its own chunk: the
// learning feature's other parts (course bars, cards) load on pages that show no video.
import { type ComponentProps, lazy, Suspense } from 'react';

const Player = lazy(() => import('./lesson-player').then((m) => ({ default: m.LessonPlayer })));

export function LessonPlayer(props: ComponentProps<typeof Player>) {
  return (
    <Suspense fallback={<div className="video-frame video-frame--loading" aria-hidden="true" />}>
      <Player {...props} />
    </Suspense>
  );
}

// The lesson player's code (progress reports, transcript, 'Up next', the mark button) is its own chunk: the
// learning feature's other parts (course bars, cards) load on pages that show no video.
import { type ComponentProps, Suspense } from 'react';
import { preloadVideoPlayer } from '../../../components/video-player';
import { preloadable } from '../../../lib/preloadable';
import type { LessonPlayer as Player } from './lesson-player';

type PlayerProps = ComponentProps<typeof Player>;
const player = preloadable<PlayerProps>(() => import('./lesson-player').then((m) => m.LessonPlayer));

/** Loads the player and the video player ahead: the lesson page does, before it hydrates (decision 0016). */
export const preloadLessonPlayer = () => Promise.all([player.preload(), preloadVideoPlayer()]);

export function LessonPlayer(props: PlayerProps) {
  return (
    <Suspense
      fallback={props.lesson.link ? <div className="video-frame video-frame--loading" aria-hidden="true" /> : null}
    >
      <player.Component {...props} />
    </Suspense>
  );
}

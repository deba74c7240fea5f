// Reports what the learner watches of a lesson: every 10 s while playing, on pause, on end, and when the page is
// hidden or closed (`keepalive`, so the request outlives the page). A failed report keeps its ranges for the next
// one and is retried. Signed in: to the server; a visitor: into this browser's local progress.
import type { LessonProgressState } from '../../../shared/progress';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { PROGRESS, type Range } from '../../../shared/progress-rules';
import type { MediaEvents } from '../../components/video-player-impl';
import { getToken, useSession } from '../../lib/session';
import { reportProgress } from './api/report-progress';
import { type LessonRef, localState, saveLocalReport } from './local-progress';
import { WatchTracker } from './watch-tracker';

const RETRY_MS = 3_000;

/** A media element's duration when it knows one (live streams and unloaded media say NaN or Infinity). */
const knownDuration = (media: HTMLMediaElement) =>
  Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null;

export function useProgressReporter(
  lesson: LessonRef,
  mediaRef: { readonly current: HTMLVideoElement | null },
  onState?: (state: LessonProgressState) => void,
): MediaEvents {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const tracker = useMemo(() => new WatchTracker(), []);
  // Starts at 0: a lesson opened and left unwatched has nothing to report (a server-rendered page hydrates signed out
  // and re-renders signed in at once, which would otherwise report 0:00 into the visitor's progress on the way).
  const state = useRef<{ lastPosition: number; retry: ReturnType<typeof setTimeout> | 0; completed: boolean }>({
    lastPosition: 0,
    retry: 0,
    completed: false,
  });
  const onStateRef = useRef(onState);
  const sendRef = useRef<(keepalive?: boolean) => void>(() => undefined);
  useEffect(() => {
    onStateRef.current = onState;
  });

  const send = useCallback(
    (keepalive = false) => {
      const media = mediaRef.current;
      const duration = media ? knownDuration(media) : null;
      if (!media || duration === null) return;
      const clamp = (t: number) => Math.min(Math.max(t, 0), duration);
      const ranges: Range[] = tracker.take().map(([start, end]) => [clamp(start), clamp(end)]);
      const position = clamp(media.currentTime);
      if (ranges.length === 0 && Math.abs(position - state.current.lastPosition) < 1) return;
      state.current.lastPosition = position;
      if (!signedIn) {
        const entry = saveLocalReport(lesson, { ranges, position, duration });
        onStateRef.current?.(localState(entry));
        return;
      }
      // Signed out since this closure was made (Logout ends the session, then the lesson page unmounts and reports):
      // there is no account to send it to, and sending would only be refused.
      if (!getToken()) return;
      reportProgress(lesson.lessonId, { ranges, position, duration }, { keepalive }).then(
        (answer) => {
          if (answer.completed !== state.current.completed)
            void queryClient.invalidateQueries({ queryKey: ['progress'] });
          state.current.completed = answer.completed;
          onStateRef.current?.(answer);
        },
        () => {
          // Kept for the next report, which is not left to chance: try again soon.
          tracker.giveBack(ranges);
          state.current.lastPosition = -1;
          if (!state.current.retry)
            state.current.retry = setTimeout(() => {
              state.current.retry = 0;
              sendRef.current();
            }, RETRY_MS);
        },
      );
    },
    [lesson, mediaRef, tracker, signedIn, queryClient],
  );

  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  // A server-rendered lesson can be played before the page has hydrated (decision 0016): what was watched then
  // counts too. Taken once the session has settled (hydration renders signed out, then signed in, at once).
  useEffect(() => {
    const timer = setTimeout(() => {
      const media = mediaRef.current;
      if (!media || media.played.length === 0) return;
      for (let i = 0; i < media.played.length; i++) tracker.giveBack([[media.played.start(i), media.played.end(i)]]);
      if (media.paused || media.ended) sendRef.current();
    }, 0);
    return () => clearTimeout(timer);
  }, [mediaRef, tracker]);

  // Every 10 s while playing; when the page is hidden or closed; when the learner leaves the lesson.
  useEffect(() => {
    const timer = setInterval(() => {
      if (mediaRef.current && !mediaRef.current.paused) send();
    }, PROGRESS.reportEveryMs);
    const hidden = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    const leaving = () => send(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    const pending = state.current;
    return () => {
      clearInterval(timer);
      clearTimeout(pending.retry);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      send(true);
    };
  }, [send, mediaRef]);

  return useMemo<MediaEvents>(
    () => ({
      onTimeUpdate: (event) => {
        if (!event.currentTarget.paused && !event.currentTarget.seeking) tracker.tick(event.currentTarget.currentTime);
      },
      onSeeking: () => tracker.pause(),
      onPause: () => {
        tracker.pause();
        send();
      },
      onEnded: (event) => {
        const duration = knownDuration(event.currentTarget);
        if (duration !== null) tracker.tick(duration);
        tracker.pause();
        send();
      },
    }),
    [tracker, send],
  );
}

// The lesson's player with everything learning adds around it: progress reports, resume at the saved position
// (or a `?t=` start), 'Resumed at 3:12 · Start over', 'Mark as complete', a captions switch, the transcript and,
// at the end, 'Up next' with its countdown. Keyed by lesson on the page, so each lesson starts fresh.
import type { LessonProgressState } from '../../../../shared/progress';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Lesson, LessonListItem } from '../../../../shared/contract';
import { resumePosition } from '../../../../shared/progress-rules';
import { paths } from '../../../app/paths';
import { VideoPlayer } from '../../../components/video-player';
import type { MediaEvents } from '../../../components/video-player-impl';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useMarkComplete } from '../api/mark-complete';
import { type LessonRef, localState, saveLocalMark } from '../local-progress';
import type { LearnerCourse } from '../progress-model';
import { formatClock, parseStartTime } from '../../../lib/time-format';
import { CourseCompleteNotice } from '../../certificates';
import { useProgressReporter } from '../use-progress-reporter';
import { Transcript } from './transcript';
import { UpNext } from './up-next';
import '../learning.css';

/** Shows or hides the captions track (the player's own CC button does the same). */
function showCaptions(media: HTMLMediaElement | null, on: boolean): void {
  const track = media?.textTracks?.[0];
  if (track) track.mode = on ? 'showing' : 'hidden';
}

interface LessonPlayerProps {
  courseId: string;
  lesson: Lesson;
  lessons: readonly LessonListItem[];
  /** The learner's progress in the course; null while it loads. */
  learner: LearnerCourse | null;
  /** Told the video element once it exists (the lesson's questions read its time and seek it). */
  onMedia?: (media: HTMLVideoElement | null) => void;
}

export function LessonPlayer({ courseId, lesson, lessons, learner, onMedia }: LessonPlayerProps) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mediaRef = useRef<HTMLVideoElement | null>(null);
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const attachMedia = useCallback(
    (element: HTMLVideoElement | null) => {
      mediaRef.current = element;
      setMedia(element);
      onMedia?.(element);
    },
    [onMedia],
  );
  const [time, setTime] = useState(0);
  const [ended, setEnded] = useState(false);
  const [upNextCancelled, setUpNextCancelled] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [captionsOn, setCaptionsOn] = useState(true);
  const [live, setLive] = useState<LessonProgressState | null>(null);
  const markComplete = useMarkComplete();

  const ref = useMemo<LessonRef>(
    () => ({ lessonId: lesson._id, courseId, title: lesson.title }),
    [lesson._id, lesson.title, courseId],
  );
  const mark = learner?.marks[lesson._id];
  const completed = live?.completed ?? mark?.completed ?? false;
  // Whether a write from this page completed the lesson (for the course-complete notice): a mark (below), or a report
  // that crossed the 90% rule while the page showed the lesson not completed.
  const [completedHere, setCompletedHere] = useState(false);
  const shownCompleted = useRef(completed);
  useEffect(() => {
    shownCompleted.current = completed;
  });
  const reported = useCallback((state: LessonProgressState) => {
    if (state.completed && !shownCompleted.current) setCompletedHere(true);
    setLive(state);
  }, []);
  const reporter = useProgressReporter(ref, mediaRef, reported);
  const index = lessons.findIndex((l) => l._id === lesson._id);
  const next = index >= 0 ? lessons[index + 1] : undefined;

  // Where to start, once the media knows its duration and (signed in) the saved position has arrived.
  const startAt = parseStartTime(searchParams.get('t'));
  const savedPosition = mark?.position;
  const waitingForProgress = signedIn && learner === null;
  const started = useRef(false);
  const tryStart = useCallback(() => {
    const media = mediaRef.current;
    if (!media || started.current || !(media.duration > 0)) return;
    if (startAt !== null) {
      started.current = true;
      media.currentTime = Math.min(startAt, media.duration);
      return;
    }
    if (waitingForProgress) return;
    started.current = true;
    const at = resumePosition(savedPosition ?? 0, Number.isFinite(media.duration) ? media.duration : null);
    if (at > 0 && media.currentTime < 1) {
      media.currentTime = at;
      setResumedAt(at);
    }
  }, [startAt, waitingForProgress, savedPosition]);
  // A new `?t=` once playing (a time link in a comment, 'Asked at 3:12' on this same lesson) moves the video.
  const lastStart = useRef(startAt);
  useEffect(() => {
    if (startAt === lastStart.current) return;
    lastStart.current = startAt;
    const media = mediaRef.current;
    if (started.current && media && startAt !== null) {
      media.currentTime = startAt;
      setTime(startAt);
    }
  }, [startAt]);
  // Listened to natively, after commit: the element may load its metadata before React commits it (it is made
  // while the lazy player resolves), and an event fired then never reaches a React handler.
  useEffect(() => {
    if (!media) return;
    tryStart();
    media.addEventListener('loadedmetadata', tryStart);
    media.addEventListener('durationchange', tryStart);
    return () => {
      media.removeEventListener('loadedmetadata', tryStart);
      media.removeEventListener('durationchange', tryStart);
    };
  }, [media, tryStart]);

  const events = useMemo<MediaEvents>(
    () => ({
      ...reporter,
      onTimeUpdate: (event) => {
        reporter.onTimeUpdate?.(event);
        setTime(event.currentTarget.currentTime);
      },
      onPlay: () => setEnded(false),
      onEnded: (event) => {
        reporter.onEnded?.(event);
        setEnded(true);
      },
    }),
    [reporter],
  );

  const seek = (seconds: number) => {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = seconds;
    setTime(seconds);
  };

  const toggleCaptions = () => {
    showCaptions(mediaRef.current, !captionsOn);
    setCaptionsOn(!captionsOn);
  };

  const toggleComplete = () => {
    const wanted = !completed;
    if (signedIn) {
      // Whether this mark completed the lesson is known from the click (the page showed it not completed): by the
      // time the answer arrives, the refreshed progress may already show it completed.
      markComplete.mutate(
        { lessonId: lesson._id, completed: wanted },
        {
          onSuccess: (state) => {
            if (wanted && state.completed) setCompletedHere(true);
            setLive(state);
          },
        },
      );
      return;
    }
    const media = mediaRef.current;
    const duration = media && media.duration > 0 && Number.isFinite(media.duration) ? media.duration : null;
    const entry = saveLocalMark(ref, duration ?? lesson.duration ?? 0, wanted);
    setLive(localState(entry));
  };

  const goNext = useCallback(() => {
    if (next) navigate(paths.lesson(courseId, next._id));
  }, [navigate, courseId, next]);

  // A text lesson has no video: only its mark (complete when the learner marks it done).
  const video = lesson.link !== '';
  return (
    <div className={video ? 'lesson-player' : 'lesson-player lesson-player--text'}>
      {video && (
        <VideoPlayer
          src={lesson.link}
          title={lesson.title}
          captions={lesson.captions}
          mediaRef={attachMedia}
          events={events}
        />
      )}
      {video && resumedAt !== null && (
        <p className="resume-note">
          Resumed at {formatClock(resumedAt)} ·{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              seek(0);
              setResumedAt(null);
            }}
          >
            Start over
          </button>
        </p>
      )}
      {video && ended && next && !upNextCancelled && (
        <UpNext
          title={next.title}
          to={paths.lesson(courseId, next._id)}
          onGo={goNext}
          onCancel={() => setUpNextCancelled(true)}
        />
      )}
      <div className="lesson-player__actions">
        <button
          type="button"
          className={completed ? 'button button--ghost' : 'button'}
          onClick={toggleComplete}
          disabled={markComplete.isPending}
        >
          {completed ? 'Mark as not complete' : 'Mark as complete'}
        </button>
        {completed && <span className="lesson-done">Completed</span>}
        {lesson.captions && (
          <button type="button" className="button button--ghost" aria-pressed={captionsOn} onClick={toggleCaptions}>
            Captions
          </button>
        )}
      </div>
      {signedIn && (
        <CourseCompleteNotice certificate={learner ? learner.certificate : undefined} completedHere={completedHere} />
      )}
      {lesson.captions && <Transcript src={lesson.captions} time={time} onSeek={seek} />}
    </div>
  );
}

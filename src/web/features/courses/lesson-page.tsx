// '/course/:courseId/:lessonId': the video, title and description of a lesson, the course's lesson list in a
// sidebar that a hamburger button toggles, and the comments (signed in) or an invitation to log in.
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { TEXT } from '../../../shared/constants';
import type { Lesson, LessonListItem } from '../../../shared/contract';
import { paths } from '../../app/paths';
import { MenuIcon } from '../../components/icons';
import { ChevronRightIcon, CloseIcon } from '../../components/page-icons';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { Link, NavLink, useParams } from '../../lib/router';
import { LessonQuestions } from '../bugs';
import { LessonComments } from '../comments';
import { LessonMarkLabel, LessonPlayer, preloadLessonPlayer, useLearnerCourse } from '../learning';
import { PracticeCountLabel, PracticeList, runnableExamples } from '../practice';
import { createVideoSource } from '../../lib/video-source';
import { useSession } from '../../lib/session';
import { seekTarget } from '../../lib/time-links';
import { useLesson } from './api/get-lesson';
import './courses.css';

const NARROW = '(max-width: 768px)';

const narrowScreen = () => window.matchMedia?.(NARROW).matches === true;
const wideOnServer = () => false;
function onScreenChange(listener: () => void): () => void {
  const media = window.matchMedia?.(NARROW);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/** What the page draws lazily, loaded with it when it is server-rendered and hydrated (app/router.tsx). */
export const preload = preloadLessonPlayer;

export default function LessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const lesson = useLesson(courseId, lessonId);
  return (
    <QueryView
      query={lesson}
      loadingLabel="Loading the lesson…"
      what="The lesson"
      isEmpty={(data) => data.course.length === 0}
    >
      {(data) => <LessonView courseId={courseId} lesson={data.course[0]} lessons={data.lessionList} />}
    </QueryView>
  );
}

function LessonView({ courseId, lesson, lessons }: { courseId: string; lesson: Lesson; lessons: LessonListItem[] }) {
  const { signedIn } = useSession();
  // Until the reader toggles it, the lesson list is open on a wide screen and closed on a phone. The server (and so
  // the hydrating render) cannot know the screen: CSS closes it on a phone (lesson-layout--auto) until the browser's
  // answer arrives, so nothing moves on screen.
  const [choice, setSidebarOpen] = useState<boolean | null>(null);
  const narrow = useSyncExternalStore(onScreenChange, narrowScreen, wideOnServer);
  const sidebarOpen = choice ?? !narrow;
  const sidebarId = useId();
  const learner = useLearnerCourse(courseId, lessons);
  const position = lessons.findIndex((item) => item._id === lesson._id);
  const previous = position > 0 ? lessons[position - 1] : undefined;
  const next = position >= 0 && position < lessons.length - 1 ? lessons[position + 1] : undefined;
  // The video element, told by the player and read by the questions and the comments' time links; not state, so
  // its arrival while the page hydrates re-renders nothing here (lib/video-source.ts).
  const [video] = useState(createVideoSource);
  const seek = useCallback(
    (seconds: number) => {
      const media = video.get();
      if (!media) return;
      media.currentTime = seconds;
      media.scrollIntoView?.({ block: 'center' });
      media.focus();
    },
    [video],
  );
  const timeHref = useCallback(
    (seconds: number) => `${paths.lesson(courseId, lesson._id)}?t=${seconds}`,
    [courseId, lesson._id],
  );
  // A time link in a comment seeks the video in place (its href, the same lesson at ?t=, is the fallback).
  const commentsRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = commentsRef.current;
    if (!section) return;
    const onClick = (event: MouseEvent) => {
      const seconds = seekTarget(event.target);
      if (seconds === null || !video.get()) return;
      event.preventDefault();
      seek(seconds);
    };
    section.addEventListener('click', onClick);
    return () => section.removeEventListener('click', onClick);
  }, [video, seek]);
  const questionsLesson = useMemo(
    () => ({ id: lesson._id, title: lesson.title, duration: lesson.duration }),
    [lesson._id, lesson.title, lesson.duration],
  );

  return (
    <div
      className={
        choice === null
          ? 'container lesson-layout lesson-layout--auto'
          : sidebarOpen
            ? 'container lesson-layout'
            : 'container lesson-layout lesson-layout--closed'
      }
    >
      <div className="lesson-toolbar">
        {/* The specified hamburger, with its word beside it: on a phone it sits under the navbar's own menu button,
            and two bare hamburgers one above the other leave the reader guessing which opens the lessons. */}
        <button
          type="button"
          className="button button--ghost lesson-toolbar__toggle"
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          onClick={() => setSidebarOpen(!sidebarOpen)}
        >
          {sidebarOpen ? <CloseIcon width="20" height="20" /> : <MenuIcon width="20" height="20" />}
          Lessons
        </button>
        <Link className="lesson-toolbar__back" to={paths.course(courseId)}>
          Back to the course
        </Link>
      </div>
      <nav id={sidebarId} className="lesson-sidebar" aria-label="Lessons" hidden={!sidebarOpen}>
        <ol className="lesson-list">
          {lessons.map((item, i) => (
            <li key={item._id}>
              <NavLink className="lesson-list__link" to={paths.lesson(courseId, item._id)} end>
                <span className="lesson-list__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="lesson-list__title">{item.title}</span>
                {learner?.lessonPractice[item._id] && <PracticeCountLabel count={learner.lessonPractice[item._id]} />}
                {learner?.marks[item._id] && <LessonMarkLabel {...learner.marks[item._id]} />}
              </NavLink>
            </li>
          ))}
        </ol>
      </nav>
      <article className="lesson-main">
        <LessonPlayer
          key={lesson._id}
          courseId={courseId}
          lesson={lesson}
          lessons={lessons}
          learner={learner}
          onMedia={video.set}
        />
        {position >= 0 && (
          <p className="lesson-count">
            Lesson {position + 1} of {lessons.length}
          </p>
        )}
        <h1 className="lesson-title">{lesson.title}</h1>
        <RichHtml html={lesson.description} runnable={runnableExamples} />
        <PracticeList key={`practice-${lesson._id}`} owner="lesson" ownerId={lesson._id} />
        {(previous || next) && (
          <nav className="lesson-pager" aria-label="Previous and next lesson">
            {previous ? (
              <Link className="button button--ghost" to={paths.lesson(courseId, previous._id)} rel="prev">
                Previous: {previous.title}
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link className="button" to={paths.lesson(courseId, next._id)} rel="next">
                Next: {next.title} <ChevronRightIcon width="18" height="18" />
              </Link>
            )}
          </nav>
        )}
        <LessonQuestions key={`questions-${lesson._id}`} lesson={questionsLesson} video={video} onSeek={seek} />
        <section className="lesson-comments" aria-label="Comments" ref={commentsRef}>
          {signedIn ? (
            <LessonComments lessonId={lesson._id} timeHref={timeHref} />
          ) : (
            <p className="lesson-comments__login">
              <Link to={paths.login()} state={{ from: paths.lesson(courseId, lesson._id) }}>
                {TEXT.loginForComments}
              </Link>
            </p>
          )}
        </section>
      </article>
    </div>
  );
}

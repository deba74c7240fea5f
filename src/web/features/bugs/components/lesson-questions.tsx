// On a lesson page: 'Ask about this moment' (signed in) opens the add-bug dialog with the lesson and the video's
// current time attached; 'Questions on this lesson' lists the bugs asked on it (title, time, solved) and marks them
// on a strip under the player, the video's timeline. Choosing a time seeks the video there; a title opens the bug.
import { useState } from 'react';
import { paths } from '../../../app/paths';
import { type VideoSource, useVideo } from '../../../lib/video-source';
import { Link } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { formatClock } from '../../../lib/time-format';
import { useLessonBugs } from '../api/get-lesson-bugs';
import type { BugDraft } from '../bug-draft';
import { AddBugModal } from './add-bug-modal';
import '../bugs.css';

export interface LessonQuestionsProps {
  lesson: { id: string; title: string; duration: number | null };
  /** Where the lesson's video element is found once the player has made it (read here, so its arrival changes no
   *  prop of this lazily hydrated part: lib/video-source.ts). */
  video: VideoSource;
  /** Moves the video to a time (seconds). */
  onSeek: (seconds: number) => void;
}

export default function LessonQuestions({ lesson, video, onSeek }: LessonQuestionsProps) {
  const { signedIn } = useSession();
  const media = useVideo(video);
  const questions = useLessonBugs(lesson.id);
  const [asking, setAsking] = useState<BugDraft['lesson']>(null);
  const duration = media && Number.isFinite(media.duration) && media.duration > 0 ? media.duration : lesson.duration;
  const list = questions.data ?? [];

  return (
    <section className="lesson-questions" aria-labelledby="lesson-questions-title">
      {signedIn && (
        <button
          type="button"
          className="button button--ghost"
          aria-haspopup="dialog"
          onClick={() => {
            media?.pause();
            setAsking({ id: lesson.id, title: lesson.title, at: Math.floor(media?.currentTime ?? 0) });
          }}
        >
          Ask about this moment
        </button>
      )}
      {asking && <AddBugModal lesson={asking} onClose={() => setAsking(null)} />}
      <h2 id="lesson-questions-title" className="section__title">
        Questions on this lesson
      </h2>
      {duration && list.length > 0 ? (
        <ol className="question-strip" aria-label="Questions on the video's timeline">
          {list.map((q) => (
            <li
              key={q._id}
              className="question-strip__mark"
              style={{ left: `${Math.min(100, (q.at / duration) * 100)}%` }}
            >
              <button
                type="button"
                className={q.solved ? 'question-strip__dot question-strip__dot--solved' : 'question-strip__dot'}
                aria-label={`Go to ${formatClock(q.at)}: ${q.title}${q.solved ? ' (solved)' : ''}`}
                title={`${formatClock(q.at)} ${q.title}`}
                onClick={() => onSeek(q.at)}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {questions.isError ? (
        <p className="bugs-empty">The questions could not be loaded.</p>
      ) : questions.isPending ? null : list.length === 0 ? (
        <p className="bugs-empty">No questions on this lesson yet.</p>
      ) : (
        <ul className="question-list">
          {list.map((q) => (
            <li key={q._id} className="question-list__item">
              <button type="button" className="link-button question-list__time" onClick={() => onSeek(q.at)}>
                <span className="visually-hidden">Go to </span>
                {formatClock(q.at)}
              </button>
              {signedIn ? <Link to={paths.bug(q._id)}>{q.title}</Link> : <span>{q.title}</span>}
              {q.solved && <span className="badge badge--solved">Solved</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// How long a lesson takes: its video's duration, or the reading time of a text lesson.
import { stripHtml } from '../../lib/excerpt';

/** Words read per minute, for a text lesson's reading time. */
export const READING_WORDS_PER_MINUTE = 200;

/** A text's reading time in seconds: its words at 200 a minute, in whole minutes, at least one. */
export function readingSeconds(html: string): number {
  const words = stripHtml(html).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE)) * 60;
}

/** How long a lesson takes: its video's duration (null while unknown), or the reading time of a text lesson. */
export function lessonLength(lesson: { link: string; description: string; duration: number | null }): {
  kind: 'video' | 'reading';
  seconds: number | null;
} {
  return lesson.link
    ? { kind: 'video', seconds: lesson.duration }
    : { kind: 'reading', seconds: readingSeconds(lesson.description) };
}

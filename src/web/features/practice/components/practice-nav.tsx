// Links from a practice item back to its lesson (or tutorial) and on to the next item of the same list.
import type { PracticeItem } from '../../../../shared/practice';
import { paths } from '../../../app/paths';
import { ChevronRightIcon } from '../../../components/page-icons';
import { Link } from '../../../lib/router';
import { usePracticeList } from '../api/get-practice-list';
import { practiceItemPath } from './practice-list';

export interface PracticePlace {
  _id: string;
  lessonId: string | null;
  tutorialId: string | null;
  courseId?: string | null;
}

/** Where 'Back to the lesson' goes: the lesson in its course, or the tutorial; null when the item's place is unknown. */
export function backPath(place: PracticePlace): { href: string; label: string } | null {
  if (place.lessonId && place.courseId)
    return { href: paths.lesson(place.courseId, place.lessonId), label: 'Back to the lesson' };
  if (place.tutorialId) return { href: paths.tutorial(place.tutorialId), label: 'Back to the tutorial' };
  return null;
}

export function PracticeNav({ place }: { place: PracticePlace }) {
  const owner = place.lessonId ? 'lesson' : 'tutorial';
  const list = usePracticeList(owner, place.lessonId ?? place.tutorialId);
  const items: PracticeItem[] = list.data?.items ?? [];
  const at = items.findIndex((item) => item._id === place._id);
  const next = at >= 0 ? items[at + 1] : undefined;
  const back = backPath(place);
  if (!back && !next) return null;
  return (
    <nav className="practice-nav" aria-label="Practice">
      {back ? (
        <Link className="button button--ghost" to={back.href}>
          {back.label}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link className="button" to={practiceItemPath(next)} rel="next">
          Next: {next.title} <ChevronRightIcon width="18" height="18" />
        </Link>
      )}
    </nav>
  );
}

// Small pieces a bug card and the bug page share: the 'Solved' badge, the tag chips and the counts line.
import type { Bug } from '../../../../shared/contract';
import { paths } from '../../../app/paths';
import { Link } from '../../../lib/router';

/** A word, not a colour alone: 'Solved' with a check mark. */
export function SolvedBadge() {
  return (
    <span className="badge badge--solved">
      <span aria-hidden="true">✓ </span>Solved
    </span>
  );
}

export function BugTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="tag-chip tag-chip--link" to={`${paths.bugs()}?tag=${encodeURIComponent(tag)}`}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function solutionCountText(bug: Pick<Bug, 'solutionCount' | 'bestScore'>): string {
  const count = bug.solutionCount === 1 ? '1 solution' : `${bug.solutionCount} solutions`;
  return bug.bestScore === null ? count : `${count} · best score ${bug.bestScore}`;
}

// A bug in a list: author (a link to a public profile), date (yyyy-mm-dd), title, 'Solved', its tags (links to the tag's list), the first 120
// characters of its text, the number of solutions and the best score, 'Read more', and a delete button where the
// reader may delete.
import { EXCERPT } from '../../../../shared/constants';
import type { Bug } from '../../../../shared/contract';
import { paths } from '../../../app/paths';
import { AuthorName } from '../../../components/author-name';
import { TrashIcon } from '../../../components/comment-list';
import { LocalDate } from '../../../components/local-date';
import { excerpt } from '../../../lib/excerpt';
import { Link } from '../../../lib/router';
import { BugTags, SolvedBadge, solutionCountText } from './bug-bits';

interface BugCardProps {
  bug: Bug;
  onDelete?: (bug: Bug) => void;
  deleting?: boolean;
}

export function BugCard({ bug, onDelete, deleting }: BugCardProps) {
  return (
    <article className="card bug-card">
      <div className="card__body">
        <p className="card__meta bug-card__meta">
          <AuthorName author={bug.user} className="bug-card__author" />
          <LocalDate iso={bug.date} />
          {bug.solved && <SolvedBadge />}
        </p>
        <h3 className="card__title">{bug.title}</h3>
        <BugTags tags={bug.tags} />
        <p className="card__text">{excerpt(bug.description, EXCERPT.bug)}</p>
        <p className="bug-card__counts">{solutionCountText(bug)}</p>
        <div className="bug-card__actions">
          <Link className="button card__link" to={paths.bug(bug._id)} aria-label={`Read more ${bug.title}`}>
            Read more
          </Link>
          {onDelete && (
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete bug ${bug.title}`}
              disabled={deleting}
              onClick={() => onDelete(bug)}
            >
              <TrashIcon />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

// A list of comments (lesson comments, bug solutions): author, time, the stored HTML through DOMPurify, and a delete
// button on the reader's own items. It scrolls at a maximum height of 300 px.
import type { Comment } from '../../shared/contract';
import { formatDateTime } from '../lib/format';
import { linkTimes } from '../lib/time-links';
import { useSession } from '../lib/session';
import { confirmDelete, useIsAdmin } from '../lib/use-me';
import { AuthorName } from './author-name';
import { RichHtml } from './rich-html';
import './comment-list.css';

interface CommentListProps {
  items: Comment[];
  /** What one item is called in the delete button's name ('comment', 'solution'). */
  noun: string;
  onDelete: (item: Comment) => void;
  /** The id of an item whose deletion is in flight. */
  deleting?: string | null;
  label: string;
  /** On a lesson: times in the text ('3:12') become links to this address of that moment (time-links.ts). */
  timeHref?: (seconds: number) => string;
}

export function CommentList({ items, noun, onDelete, deleting, label, timeHref }: CommentListProps) {
  const { userId } = useSession();
  const isAdmin = useIsAdmin();
  return (
    <ul className="comment-list" aria-label={label}>
      {items.map((item) => (
        <li key={item._id} id={`comment-${item._id}`} className="comment" data-comment-id={item._id}>
          <div className="comment__head">
            <AuthorName author={item.user} className="comment__author" />
            <time className="comment__date" dateTime={item.date}>
              {formatDateTime(item.date)}
            </time>
            {userId !== null && (item.user._id === userId || isAdmin) && (
              <button
                type="button"
                className="icon-button comment__delete"
                aria-label={`Delete ${noun} by ${item.user.name} from ${formatDateTime(item.date)}`}
                disabled={deleting === item._id}
                onClick={() => {
                  const own = item.user._id === userId;
                  if (confirmDelete(own ? `your ${noun}` : `this ${noun} by ${item.user.name}`, !own)) onDelete(item);
                }}
              >
                <TrashIcon />
              </button>
            )}
          </div>
          <RichHtml html={timeHref ? linkTimes(item.content, timeHref) : item.content} className="comment__content" />
        </li>
      ))}
    </ul>
  );
}

export function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

// A list of notifications, as the bell's panel and /notifications show them: each one's text, when, whether it is
// unread, and a link to the exact place (the solution, the comment, the lesson). Following the link reads it.
import { type NotificationItem, notificationText } from '../../../shared/notifications';
import { formatDateTime } from '../../lib/format';
import { Link } from '../../lib/router';
import { useMarkRead } from './api';

export function NotificationList({
  items,
  label,
  onFollow,
}: {
  items: NotificationItem[];
  label: string;
  /** Called when a notification's link is followed (the bell closes its panel). */
  onFollow?: () => void;
}) {
  const markRead = useMarkRead();
  return (
    <ul className="notification-list" aria-label={label}>
      {items.map((item) => (
        <li key={item._id} className={item.read ? 'notification' : 'notification notification--unread'}>
          <Link
            to={item.subject.url}
            className="notification__link"
            onClick={() => {
              if (!item.read) markRead.mutate(item._id);
              onFollow?.();
            }}
          >
            {!item.read && <span className="visually-hidden">Unread: </span>}
            {notificationText(item)}
          </Link>
          <time className="notification__time" dateTime={item.createdAt}>
            {formatDateTime(item.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}

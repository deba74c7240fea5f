// '/notifications': all of the signed-in person's notifications, newest first, a page at a time, with 'Mark all as
// read' and a link to the mail settings. A visitor is invited to log in.
import { NOTIFICATION_TEXT, NOTIFICATIONS } from '../../../shared/notifications';
import { paths, patterns } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { LoadMore } from '../../components/load-more';
import { QueryView } from '../../components/query-view';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useMarkAllRead, useNotificationList } from './api';
import { NotificationList } from './notification-list';
import './notifications.css';

export function LogInToSee({ what, from }: { what: string; from: string }) {
  return (
    <p className="empty-state">
      <Link to={paths.login()} state={{ from }}>
        Log in
      </Link>{' '}
      to see {what}.
    </p>
  );
}

function AllNotifications() {
  const list = useNotificationList(NOTIFICATIONS.pageDefault);
  const markAll = useMarkAllRead();
  return (
    <QueryView query={list} loadingLabel="Loading your notifications…" what="Your notifications">
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0) return <p className="empty-state">{NOTIFICATION_TEXT.empty}</p>;
        const unread = data.pages[0]?.unread ?? 0;
        return (
          <>
            <div className="notifications-page__actions">
              <p>{unread === 0 ? 'All read.' : unread === 1 ? '1 unread.' : `${unread} unread.`}</p>
              <button
                type="button"
                className="button button--ghost"
                aria-disabled={markAll.isPending || unread === 0}
                onClick={() => {
                  if (markAll.isPending || unread === 0) return;
                  markAll.mutate(undefined, {
                    onSuccess: () => showAlert('All notifications marked as read'),
                    onError: (err) => showAlert(err.message, 'danger'),
                  });
                }}
              >
                {NOTIFICATION_TEXT.markAllRead}
              </button>
            </div>
            <NotificationList items={items} label="Your notifications" />
            <LoadMore pages={list} label="Load more notifications" />
          </>
        );
      }}
    </QueryView>
  );
}

export default function NotificationsPage() {
  const { signedIn } = useSession();
  return (
    <div className="container section notifications-page">
      <h1 className="page-title">Notifications</h1>
      {signedIn ? (
        <>
          <AllNotifications />
          <p>
            <Link to={paths.notificationSettings()}>Notification settings</Link>: what is mailed to you, and when.
          </p>
        </>
      ) : (
        <LogInToSee what="your notifications" from={patterns.notifications} />
      )}
    </div>
  );
}

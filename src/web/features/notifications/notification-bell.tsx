// The navbar's bell (signed in): the unread count, as a number and as a text label ('3 unread notifications'); it
// opens a panel with the latest notifications, 'Mark all as read' and a link to all of them. New notifications
// arrive live (live.ts) and are announced politely. Its own chunk, loaded only for signed-in readers.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { NOTIFICATION_TEXT, NOTIFICATIONS, notificationText, unreadLabel } from '../../../shared/notifications';
import { paths } from '../../app/paths';
import { showAlert } from '../../components/alert-banner';
import { Link } from '../../lib/router';
import { notificationsKey, useMarkAllRead, useNotificationList, useUnread } from './api';
import { listenToNotifications } from './live';
import { NotificationList } from './notification-list';
import './notifications.css';

const BellIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

function Panel({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useNotificationList(NOTIFICATIONS.bellItems);
  const markAll = useMarkAllRead();
  const items = list.data?.pages[0]?.items ?? [];
  return (
    <div id={id} className="notification-panel" role="region" aria-label="Notifications">
      <div className="notification-panel__head">
        <h2 className="notification-panel__title">Notifications</h2>
        <button
          type="button"
          className="button button--ghost notification-panel__all-read"
          aria-disabled={markAll.isPending}
          onClick={() =>
            !markAll.isPending && markAll.mutate(undefined, { onError: (err) => showAlert(err.message, 'danger') })
          }
        >
          {NOTIFICATION_TEXT.markAllRead}
        </button>
      </div>
      {list.isPending && <p className="notification-panel__note">Loading…</p>}
      {list.isError && <p className="notification-panel__note">The notifications could not be loaded.</p>}
      {list.data && items.length === 0 && <p className="notification-panel__note">{NOTIFICATION_TEXT.empty}</p>}
      {items.length > 0 && <NotificationList items={items} label="Latest notifications" onFollow={onClose} />}
      <p className="notification-panel__foot">
        <Link to={paths.notifications()} onClick={onClose}>
          All notifications
        </Link>
        <Link to={paths.notificationSettings()} onClick={onClose}>
          Settings
        </Link>
      </p>
    </div>
  );
}

export default function NotificationBell() {
  const queryClient = useQueryClient();
  const unread = useUnread().data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [announced, setAnnounced] = useState('');
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(
    () =>
      listenToNotifications({
        onEvent: (item) => {
          void queryClient.invalidateQueries({ queryKey: notificationsKey });
          setAnnounced(`New notification: ${notificationText(item)}`);
        },
        onOpened: () => void queryClient.invalidateQueries({ queryKey: notificationsKey }),
      }),
    [queryClient],
  );

  // Escape closes the panel and gives focus back to the bell; so does a click anywhere outside it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="notification-bell">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button notification-bell__button"
        aria-label={unreadLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notification-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announced}
      </div>
      {open && <Panel id={panelId} onClose={() => setOpen(false)} />}
    </div>
  );
}

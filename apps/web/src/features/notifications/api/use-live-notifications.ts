import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listen } from '../../../lib/realtime';
import { notificationListsQueryKey, notificationsQueryKey, unreadCountQueryKey } from './unread-count';

/**
 * While someone is signed in, their private channel keeps the badge and the open lists current:
 * a new notification or one read elsewhere (another tab or device) brings the unread count, and
 * the lists on screen ask again. After a lost connection is back, everything is asked again, as
 * events may have been missed.
 */
export function useLiveNotifications(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const changed = ({ unread_count }: { unread_count: number }) => {
      queryClient.setQueryData(unreadCountQueryKey, unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationListsQueryKey });
    };
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    return listen((channels) => channels.user(userId), {
      'notification.created': changed,
      'notifications.read': changed,
      reconnected: refresh,
    });
  }, [userId, queryClient]);
}

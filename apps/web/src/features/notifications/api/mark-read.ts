import type { Notification, NotificationPage, UnreadCount } from '@marketplace/contracts';
import { NOTIFICATIONS_API } from '@marketplace/contracts/notifications-essentials';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { notificationListsQueryKey, unreadCountQueryKey } from './unread-count';

type CachedList = NotificationPage | InfiniteData<NotificationPage, string | undefined>;

/** Changes the notifications `pick` chooses in every cached list (the bell's and the pages'). */
function updateLists(queryClient: QueryClient, pick: (item: Notification) => boolean, change: Partial<Notification>) {
  const update = (page: NotificationPage): NotificationPage => ({
    ...page,
    data: page.data.map((item) => (pick(item) ? { ...item, ...change } : item)),
  });
  queryClient.setQueriesData<CachedList>({ queryKey: notificationListsQueryKey }, (cached) => {
    if (!cached) return cached;
    return 'pages' in cached ? { ...cached, pages: cached.pages.map(update) } : update(cached);
  });
}

const addToCount = (queryClient: QueryClient, change: number) =>
  queryClient.setQueryData<number>(unreadCountQueryKey, (count) =>
    count === undefined ? count : Math.max(0, count + change),
  );

export async function markNotificationRead(id: number): Promise<Notification> {
  const response = await http.post(NOTIFICATIONS_API.read(id));
  return (response.data as { data: Notification }).data;
}

/**
 * Marks one read at once on screen (the badge and every list), then on the server; a failure puts
 * it back and says so. The server tells the user's other tabs; this one asks the count again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: (notification) => {
      const wasUnread = notification.read_at === null;
      if (wasUnread) {
        updateLists(queryClient, (item) => item.id === notification.id, { read_at: new Date().toISOString() });
        addToCount(queryClient, -1);
      }
      return { wasUnread };
    },
    onSuccess: (saved) => updateLists(queryClient, (item) => item.id === saved.id, { read_at: saved.read_at }),
    onError: (_error, notification, context) => {
      if (context?.wasUnread) {
        updateLists(queryClient, (item) => item.id === notification.id, { read_at: null });
        addToCount(queryClient, 1);
      }
      notify.error(t('notifications.markFailed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
  });
}

export async function markAllNotificationsRead(): Promise<number> {
  const response = await http.post(NOTIFICATIONS_API.readAll);
  return (response.data as { data: UnreadCount }).data.unread_count;
}

/** Every unread one read; the lists ask again for the times the server recorded. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async (unreadCount) => {
      queryClient.setQueryData(unreadCountQueryKey, unreadCount);
      updateLists(queryClient, (item) => item.read_at === null, { read_at: new Date().toISOString() });
      await queryClient.invalidateQueries({ queryKey: notificationListsQueryKey });
    },
    onError: () => notify.error(t('notifications.markFailed')),
  });
}

import type { Notification, NotificationPage, NotificationsSeen, UnreadCount } from '@marketplace/contracts';
import { NOTIFICATIONS_API } from '@marketplace/contracts/notifications-essentials';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { notificationListsQueryKey, unreadCountQueryKey, useUnreadCount } from './unread-count';

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

export async function markNotificationRead(id: number): Promise<Notification> {
  const response = await http.post(NOTIFICATIONS_API.read(id));
  return (response.data as { data: Notification }).data;
}

/**
 * Marks one read at once on screen (every list), then on the server; a failure puts it back and
 * says so. The badge has nothing to take off: a list on screen was seen already (useSeenUpTo). The
 * server tells the user's other tabs; this one asks the count again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: (notification) => {
      const wasUnread = notification.read_at === null;
      if (wasUnread) {
        updateLists(queryClient, (item) => item.id === notification.id, { read_at: new Date().toISOString() });
      }
      return { wasUnread };
    },
    onSuccess: (saved) => updateLists(queryClient, (item) => item.id === saved.id, { read_at: saved.read_at }),
    onError: (_error, notification, context) => {
      if (context?.wasUnread) {
        updateLists(queryClient, (item) => item.id === notification.id, { read_at: null });
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

export async function markNotificationsSeen(upTo: number): Promise<number> {
  const body: NotificationsSeen = { up_to: upTo };
  const response = await http.post(NOTIFICATIONS_API.seen, body);
  return (response.data as { data: UnreadCount }).data.unread_count;
}

/**
 * A list on screen (the bell's, /notifications) shows everything up to `newestId`: the badge goes
 * to zero at once, the server records the look and tells the user's other tabs, and only what
 * arrives afterwards counts again. Each notification stays unread until it is opened or marked.
 * Asks nothing while the badge is empty, nor twice for the same newest one.
 */
export function useSeenUpTo(newestId: number | undefined) {
  const queryClient = useQueryClient();
  const { data: count } = useUnreadCount(true);
  const marked = useRef(0);
  const { mutate } = useMutation({
    mutationFn: markNotificationsSeen,
    onMutate: async () => {
      // A count asked before the look (the header's, as the page loads) would answer after it, with the old number.
      await queryClient.cancelQueries({ queryKey: unreadCountQueryKey });
      queryClient.setQueryData(unreadCountQueryKey, 0);
    },
    onSuccess: (unseen) => queryClient.setQueryData(unreadCountQueryKey, unseen),
    // The badge comes back as the server counts it; the look is asked again with the next newest one.
    onError: () => queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
  });
  useEffect(() => {
    if (newestId === undefined || !count || newestId <= marked.current) return;
    marked.current = newestId;
    mutate(newestId);
  }, [newestId, count, mutate]);
}

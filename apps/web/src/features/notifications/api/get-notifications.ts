import type { NotificationPage } from '@marketplace/contracts';
import { NOTIFICATIONS_API } from '@marketplace/contracts/notifications-essentials';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { getEarly } from '../../../lib/early-requests';
import { notificationListsQueryKey, unreadCountQueryKey } from './unread-count';

/** How many the bell's dropdown shows. */
export const LATEST_LIMIT = 10;

interface ListQuery {
  unreadOnly?: boolean;
  cursor?: string | undefined;
  limit?: number;
}

/** GET /api/notifications's address; the first page of all of them is plain `/api/notifications` (pages.ts asks it early). */
export function notificationsUrl({ unreadOnly = false, cursor, limit }: ListQuery = {}): string {
  const query = new URLSearchParams();
  if (unreadOnly) query.set('unread', '1');
  if (cursor) query.set('cursor', cursor);
  if (limit) query.set('limit', String(limit));
  const text = query.toString();
  return text ? `${NOTIFICATIONS_API.list}?${text}` : NOTIFICATIONS_API.list;
}

/** A page of the user's notifications, newest first (typed, not parsed: see unread-count.ts). */
export async function getNotifications(query: ListQuery = {}): Promise<NotificationPage> {
  const response = await getEarly(notificationsUrl(query));
  return response.data as NotificationPage;
}

export const latestNotificationsQueryKey = [...notificationListsQueryKey, 'latest'] as const;
export const notificationPagesQueryKey = (unreadOnly: boolean) =>
  [...notificationListsQueryKey, 'pages', { unreadOnly }] as const;

/** Every list answer carries the unread count too: the badge takes the newest word on it. */
function withCount(queryClient: QueryClient) {
  return async (query: ListQuery) => {
    const page = await getNotifications(query);
    queryClient.setQueryData(unreadCountQueryKey, page.unread_count);
    return page;
  };
}

/** The bell's dropdown: the latest ten, read or not. */
export function useLatestNotifications() {
  const fetchPage = withCount(useQueryClient());
  return useQuery(
    queryOptions({ queryKey: latestNotificationsQueryKey, queryFn: () => fetchPage({ limit: LATEST_LIMIT }) }),
  );
}

/** /notifications: all of them (or the unread ones), a page at a time from the newest (keyset cursor). */
export function useNotificationPages(unreadOnly: boolean) {
  const fetchPage = withCount(useQueryClient());
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: notificationPagesQueryKey(unreadOnly),
      queryFn: ({ pageParam }) => fetchPage({ unreadOnly, cursor: pageParam }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  );
}

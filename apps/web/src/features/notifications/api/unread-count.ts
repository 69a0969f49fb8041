import type { UnreadCount } from '@marketplace/contracts';
import { NOTIFICATIONS_API } from '@marketplace/contracts/notifications-essentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** Under ['user']: whatever ends the session (sign-out, another tab) drops them with the user. */
export const notificationsQueryKey = ['user', 'notifications'] as const;
export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;
/** Every list of notifications (the bell's latest, the pages of /notifications), the count apart. */
export const notificationListsQueryKey = [...notificationsQueryKey, 'lists'] as const;

/*
 * The notifications' answers are typed, not parsed with zod: the server checks each against its
 * schema before sending it (plugins/validation.ts), and the bell is in the header of every page,
 * which must not bring zod (decision 007).
 */
export async function getUnreadCount(): Promise<number> {
  const response = await http.get(NOTIFICATIONS_API.unreadCount);
  return (response.data as { data: UnreadCount }).data.unread_count;
}

/** Kept current by the user's private channel (use-live-notifications.ts), so it is rarely asked again. */
export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount, staleTime: 60_000 });

/** The badge's number; asks nothing for a visitor. */
export const useUnreadCount = (signedIn: boolean) => useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });

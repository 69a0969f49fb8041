import type {
  NotificationCategory,
  NotificationChannel,
  NotificationSetting,
  NotificationSettingsUpdate,
} from '@marketplace/contracts';
import { NOTIFICATIONS_API } from '@marketplace/contracts/notifications-essentials';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getEarly } from '../../../lib/early-requests';
import { http } from '../../../lib/http';
import { notificationsQueryKey } from './unread-count';

export const notificationSettingsQueryKey = [...notificationsQueryKey, 'settings'] as const;

/** Every category with its two switches, in the order the page lists them (typed: see unread-count.ts). */
export async function getNotificationSettings(): Promise<NotificationSetting[]> {
  const response = await getEarly(NOTIFICATIONS_API.settings);
  return (response.data as { data: NotificationSetting[] }).data;
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

export interface SettingChange {
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
}

/** PUT /api/notifications/settings with one switch; the answer is every switch as now stored. */
export async function changeNotificationSetting({
  category,
  channel,
  enabled,
}: SettingChange): Promise<NotificationSetting[]> {
  const body: NotificationSettingsUpdate = {
    settings: [channel === 'email' ? { category, email: enabled } : { category, in_app: enabled }],
  };
  const response = await http.put(NOTIFICATIONS_API.settings, body);
  return (response.data as { data: NotificationSetting[] }).data;
}

const withSwitch = (rows: NotificationSetting[] | undefined, { category, channel, enabled }: SettingChange) =>
  rows?.map((row) => {
    if (row.category !== category) return row;
    return channel === 'email' ? { ...row, email: enabled } : { ...row, in_app: enabled };
  });

/**
 * Saves one switch as soon as it is flipped: it moves at once, and goes back if the server refuses.
 * While several saves are under way, only the last answer replaces the table, so an earlier answer
 * cannot undo a later flip.
 */
export function useChangeNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationSettingsQueryKey,
    mutationFn: changeNotificationSetting,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      queryClient.setQueryData<NotificationSetting[]>(notificationSettingsQueryKey, (rows) => withSwitch(rows, change));
    },
    onSuccess: (rows) => {
      if (queryClient.isMutating({ mutationKey: notificationSettingsQueryKey }) <= 1) {
        queryClient.setQueryData(notificationSettingsQueryKey, rows);
      }
    },
    onError: (_error, change) => {
      queryClient.setQueryData<NotificationSetting[]>(notificationSettingsQueryKey, (rows) =>
        withSwitch(rows, { ...change, enabled: !change.enabled }),
      );
    },
  });
}

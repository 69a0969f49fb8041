import type { Notification } from '@marketplace/contracts';
import { paths } from '../../lib/paths';

/** Where a notification leads: the page it is about, else the list of them all. */
export const notificationHref = (notification: Pick<Notification, 'path'>): string =>
  notification.path ?? paths.notifications;

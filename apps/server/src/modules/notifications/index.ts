export { appSecret } from './app-secret';
export { devMailboxRoutes } from './dev-mailbox-routes';
export { notifications } from './notifications-plugin';
export type { Notifications, NotificationsOptions } from './notifications-plugin';
export type { AddressMail } from './mail-to-address';
export type { NotificationEvent, Notified } from './notify';
export { notificationsRoutes } from './routes';
export { notificationTestHookRoutes } from './test-hook-routes';
export { unsubscribeRoutes } from './unsubscribe-routes';

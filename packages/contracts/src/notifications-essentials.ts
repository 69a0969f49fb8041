/**
 * What the bell and the notification pages need from the contracts without a single schema: the
 * API's and the pages' addresses, the categories and their settings' rules. Its own entry point
 * (`@marketplace/contracts/notifications-essentials`), so the header every page shows does not
 * download zod.
 */
export * from './notifications/notification-kinds';
export * from './notifications/notifications-addresses';

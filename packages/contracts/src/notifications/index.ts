export * from './notification-kinds';
export * from './notifications-addresses';
export * from './notifications-api';
export * from './notifications-routes';

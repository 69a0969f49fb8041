export * from './notification-kinds';
export * from './notifications-api';

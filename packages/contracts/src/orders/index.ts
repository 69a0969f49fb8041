export * from './order-rules';
export * from './orders-api';
export * from './orders-routes';

export * from './order-rules';
export * from './orders-api';

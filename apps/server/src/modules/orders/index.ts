export { stepOf } from './events';
export type { OrderStep } from './events';
export { orders } from './orders-plugin';
export { ordersRoutes } from './routes';
export { orderTestHookRoutes } from './test-hook-routes';
export { addToRating, recountRatings } from './user-ratings';

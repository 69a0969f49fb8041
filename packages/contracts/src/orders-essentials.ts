/** What the order pages need without zod (decision 007): states, actions, limits, addresses, rules. */
export * from './orders/order-rules';

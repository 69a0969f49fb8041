export * from './newsletter-essentials';
export * from './newsletter-routes';

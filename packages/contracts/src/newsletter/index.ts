export * from './newsletter-essentials';
export * from './newsletter-routes';
export * from './newsletter-issue-routes';

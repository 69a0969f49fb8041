/** The newsletter's public surface (issue 31): the plugin and routes the app registers. */
export { newsletter } from './newsletter-plugin';
export type { Newsletter, NewsletterOptions } from './newsletter-plugin';
export { newsletterRoutes } from './routes';
export type { NewsletterRoutesOptions } from './routes';
export { newsletterWebPage } from './newsletter-web-page';
export { newsletterAdminRoutes } from './admin-routes';

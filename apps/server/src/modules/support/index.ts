/** Support tickets' public surface (issue 30): the plugin and routes the app registers. */
export { support } from './support-plugin';
export type { Support, SupportOptions } from './support-plugin';
export { supportRoutes } from './routes';
export type { SupportRoutesOptions } from './routes';
export { adminSupportRoutes } from './admin-routes';

/** Moderation's public surface (issue 29): the plugin and routes the app registers. */
export { moderation } from './moderation-plugin';
export type { Moderation } from './moderation-plugin';
export { moderationRoutes } from './routes';

/**
 * The chat module's public surface: what the rest of the server uses (app.ts registers the plugin
 * and the routes; the account's data export maps messages). The orders module reaches the chat
 * through `app.chat` (chat-plugin.ts), not through an import.
 */
export { chat } from './chat-plugin';
export { chatRoutes } from './routes';
export { toChatMessage } from './chat-message';

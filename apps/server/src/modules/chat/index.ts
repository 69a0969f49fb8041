export { toChatMessage } from './chat-message';
export { chat } from './chat-plugin';
export { chatRoutes } from './routes';

/**
 * What chat's pages and the header's unread badge need without a single schema: the API's
 * addresses, the limits and the filters. Its own entry point (`@marketplace/contracts/chat-essentials`).
 */
export * from './chat/chat-api';

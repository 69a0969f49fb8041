export * from './chat-api';
export * from './chat';
export * from './chat-routes';

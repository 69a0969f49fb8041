export * from './chat-api';
export * from './chat';

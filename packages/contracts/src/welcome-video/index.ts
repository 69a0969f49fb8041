export * from './welcome-video-shapes';
export * from './welcome-video-routes';

export * from './blocks-api';
export * from './blocks';
export * from './blocks-routes';

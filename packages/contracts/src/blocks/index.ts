export * from './blocks-api';
export * from './blocks';

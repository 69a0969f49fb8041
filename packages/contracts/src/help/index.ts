export * from './help-addresses';
export * from './help-routes';
export * from './markdown';

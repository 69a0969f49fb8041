export * from './account-addresses';
export * from './account-requests';
export * from './account-routes';

export * from './account-addresses';
export * from './account-requests';

export * from './staff-rules';
export * from './staff-session';
export * from './staff-members';
export * from './staff-routes';

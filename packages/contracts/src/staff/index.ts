export * from './staff-rules';
export * from './staff-session';
export * from './staff-members';
export * from './staff-routes';
export * from './moderation';
export * from './moderation-routes';
export * from './dashboard';
export * from './audit';

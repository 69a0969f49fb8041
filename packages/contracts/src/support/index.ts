export * from './support-tickets';
export * from './support-staff';
export * from './support-routes';

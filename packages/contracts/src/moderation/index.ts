export * from './user-reports';

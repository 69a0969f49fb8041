export * from './api-errors';
export * from './auth';
export * from './fields';
export * from './laravel-messages';
export * from './rules/index';
export * from './places';
export * from './profile';
export * from './realtime';

export * from './locales';
export * from './message';
export * from './translator';

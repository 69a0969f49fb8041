export * from './locales';
export * from './message';
export * from './translator';
export * from './server-only-messages';

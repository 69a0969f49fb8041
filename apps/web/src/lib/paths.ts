/** Every page address in one place; links and redirects use these, never string literals. */
export { PAGE_PATHS as paths } from '@marketplace/contracts/pages';
export { PAGE_PATTERNS as pagePatterns, pageLinks } from '@marketplace/contracts/pages';

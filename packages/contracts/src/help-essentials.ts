/** What the help centre's public pages need without zod (decision 007): addresses, shapes, limits. */
export * from './help/help-addresses';
export type { MarkdownBlock, MarkdownSpan } from './help/markdown';

import path from 'node:path';
import { HELP_PAGE_CHUNKS, PUBLIC_PAGE_CHUNKS } from '@marketplace/contracts/pages';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/contracts/src/i18n/messages/en.json';
import { catalogueParts } from '../../../build/page-messages';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const { pageAreas, help } = catalogueParts({
  repoRoot,
  keys: Object.keys(en),
  publicPageChunks: PUBLIC_PAGE_CHUNKS,
  helpPageChunks: HELP_PAGE_CHUNKS,
});
const isCore = (key: string) => !pageAreas.has(key) && !help.has(key);

describe('which strings a page downloads with its code (build/page-messages.ts)', () => {
  it('leaves out of the public pages the strings only a widget loaded with withPageAreaMessages names', () => {
    // Named only by the report form, which the product page loads when someone means to report.
    expect(pageAreas.has('report.send')).toBe(true);
    expect(pageAreas.has('report.detailsHint')).toBe(true);
    // Named by the save-search form on /search and by the saved searches' own page, a page area.
    expect(pageAreas.has('savedSearches.confirm')).toBe(true);
  });

  it('keeps with every public page what they show before anyone acts', () => {
    for (const key of ['report.open', 'chat.messageSeller', 'listing.removedTitle']) expect(isCore(key)).toBe(true);
  });

  it('gives the help centre’s pages their own strings, which the product and search pages do not carry', () => {
    for (const key of ['help.heading', 'help.searchLabel', 'support.title']) {
      expect(help.has(key)).toBe(true);
      expect(isCore(key)).toBe(false);
    }
    // The footer's links to them are on every page: the core's.
    for (const key of ['nav.help', 'nav.contactUs', 'nav.safety']) expect(isCore(key)).toBe(true);
  });

  it('keeps a string the server words too, though only a form names it in the web', () => {
    // A field's name inside a rule's message the server sends, which any page may show.
    expect(isCore('order.field.address')).toBe(true);
    expect(isCore('shell.serverUnreachable')).toBe(true);
  });
});

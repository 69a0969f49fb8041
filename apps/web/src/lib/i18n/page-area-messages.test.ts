import path from 'node:path';
import { PUBLIC_PAGE_CHUNKS } from '@marketplace/contracts/pages';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/contracts/src/i18n/messages/en.json';
import { pageAreaOnlyKeys } from '../../../build/page-messages';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const areaKeys = pageAreaOnlyKeys({ repoRoot, keys: Object.keys(en), publicPageChunks: PUBLIC_PAGE_CHUNKS });

describe('which strings a public page downloads first (build/page-messages.ts)', () => {
  it('leaves out the strings only a widget loaded with withPageAreaMessages names: they come with it', () => {
    // Named only by the report form, which the product page loads when someone means to report.
    expect(areaKeys.has('report.send')).toBe(true);
    expect(areaKeys.has('report.detailsHint')).toBe(true);
    // Named by the save-search form on /search and by the saved searches' own page, a page area.
    expect(areaKeys.has('savedSearches.confirm')).toBe(true);
  });

  it('keeps what the public pages show before anyone acts', () => {
    expect(areaKeys.has('report.open')).toBe(false);
    expect(areaKeys.has('chat.messageSeller')).toBe(false);
    expect(areaKeys.has('listing.removedTitle')).toBe(false);
  });

  it('keeps a string the server words too, though only the order form names it in the web', () => {
    // A field's name inside a rule's message the server sends, which any page may show.
    expect(areaKeys.has('order.field.address')).toBe(false);
    expect(areaKeys.has('shell.serverUnreachable')).toBe(false);
  });
});

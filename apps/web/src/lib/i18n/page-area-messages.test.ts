import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/contracts/src/i18n/messages/en.json';
import { catalogueParts } from '../../../build/page-messages';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const { core, pages, widgets, staff, server } = catalogueParts({ repoRoot, keys: Object.keys(en) });
const page = (chunk: string) => pages.get(chunk) ?? new Set<string>();

describe('which strings a page downloads with its code (build/page-messages.ts)', () => {
  it('gives the shell the strings of the header, the footer and the errors only', () => {
    for (const key of ['nav.help', 'nav.contactUs', 'nav.safety', 'shell.skipToContent'])
      expect(core.has(key)).toBe(true);
    // A page's own strings are not every page's.
    for (const key of ['home.headline', 'report.open', 'help.heading', 'support.title'])
      expect(core.has(key)).toBe(false);
  });

  it('gives each page the strings its code names beyond the shell’s, and no other page’s', () => {
    expect(page('home-page').has('home.headline')).toBe(true);
    // What the product page shows before anyone acts.
    for (const key of ['report.open', 'chat.messageSeller', 'listing.removedTitle']) {
      expect(page('listing-page').has(key)).toBe(true);
      expect(page('home-page').has(key)).toBe(false);
    }
    for (const key of ['help.heading', 'help.searchLabel']) expect(page('help-page').has(key)).toBe(true);
    expect(page('support-page').has('support.title')).toBe(true);
    // The login page carries none of the catalogue's or search's own words.
    expect([...page('login-page')].filter((key) => /^(browse|search|searchBox|home|testimonials)\./.test(key))).toEqual(
      [],
    );
  });

  it('leaves out of the pages the strings only a widget loaded with withPageAreaMessages names', () => {
    // Named only by the report form, which the product page loads when someone means to report.
    for (const key of ['report.send', 'report.detailsHint']) {
      expect(widgets.has(key)).toBe(true);
      expect(page('listing-page').has(key)).toBe(false);
    }
    // Named by the save-search form, which /search opens on demand.
    expect(widgets.has('savedSearches.confirm')).toBe(true);
    expect(page('search-page').has('savedSearches.confirm')).toBe(false);
  });

  it('keeps what the server words apart, for when it answers: a field’s name inside a rule’s message', () => {
    expect(server.has('order.field.address')).toBe(true);
    expect(server.has('auth.throttled')).toBe(true);
    expect(core.has('auth.throttled')).toBe(false);
    // The shell words a server it cannot reach itself.
    expect(core.has('shell.serverUnreachable')).toBe(true);
  });

  it('gives the back-office what its code names beyond the shell’s', () => {
    expect([...staff].some((key) => key.startsWith('admin.'))).toBe(true);
    expect([...staff].filter((key) => core.has(key))).toEqual([]);
  });
});

import { PAGE_CHUNKS } from '@marketplace/contracts/pages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyRequests } from '../lib/early-requests';
import { paths } from '../lib/paths';
import { fakeApi } from '../test/fake-api';
import source from './pages.ts?raw';
import { pages, requestFirstPageEarly } from './pages';

describe('the page table', () => {
  it('names each page’s chunk after its module, as the build does', () => {
    const entries = [...source.matchAll(/chunk: '([^']+)',\s*load: \(\) => import\('([^']+)'\)/g)];
    expect(entries).toHaveLength(Object.keys(pages).length);
    for (const [, chunk, module] of entries) expect(module?.split('/').at(-1)).toBe(chunk);
  });

  it('is the table the server preloads page code from', () => {
    for (const [name, page] of Object.entries(pages)) {
      expect(page.chunk, name).toBe(PAGE_CHUNKS[name as keyof typeof PAGE_CHUNKS]);
    }
    expect(Object.keys(pages).sort()).toEqual(Object.keys(PAGE_CHUNKS).sort());
  });

  it('gives every page its own address', () => {
    const addresses = Object.values(pages).map((page) => page.path);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});

describe('the first page of a visit', () => {
  const answerWith = fakeApi();
  const requested = () => {
    const sent = answerWith(200);
    return () => sent.map((request) => request.url);
  };
  afterEach(() => forgetEarlyRequests());

  it('starts the profile’s data with its code for a signed-in user', async () => {
    const urls = requested();
    requestFirstPageEarly(paths.profile, true);
    await vi.waitFor(() => expect(urls()).toEqual(['/user/profile', '/cities', '/timezones']));
  });

  it('starts nothing for a visitor, nor for pages that ask nothing first', async () => {
    const urls = requested();
    requestFirstPageEarly(paths.profile, false);
    requestFirstPageEarly(paths.login, true);
    requestFirstPageEarly('/no-such-page', true);
    // Whatever had been started would have reached the network by now (as the case above shows).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls()).toEqual([]);
  });
});

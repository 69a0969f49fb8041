import { describe, expect, it } from 'vitest';
import source from './pages.ts?raw';
import { pages } from './pages';

describe('the page table', () => {
  it('names each page’s chunk after its module, as the build does', () => {
    const entries = [...source.matchAll(/chunk: '([^']+)',\s*load: \(\) => import\('([^']+)'\)/g)];
    expect(entries).toHaveLength(Object.keys(pages).length);
    for (const [, chunk, module] of entries) expect(module?.split('/').at(-1)).toBe(chunk);
  });

  it('gives every page its own address', () => {
    const addresses = Object.values(pages).map((page) => page.path);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});

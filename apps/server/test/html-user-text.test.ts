import { createRequire } from 'node:module';
import {
  listingsUrl,
  SEARCH_API,
  searchQueryString,
  type Listing,
  type ListingPage,
  type SellerSummary,
  type User,
} from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import {
  addPhoto,
  categoryBySlug,
  completePhone,
  createCatalogueTestApp,
  listingOf,
  newDraft,
} from './fixtures/catalogue';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

/** What String.prototype.replace reads as patterns in a replacement string; the fields below add text that closes a script. */
const SEQUENCES = "$' $` $& $1 $<name> $$";
const FIRST_NAME = `Rania ${SEQUENCES}`;
const LAST_NAME = `$' Haddad $& $\``;
const COMPANY = `Lamps ${SEQUENCES} </script><!--app-head--> Co`;
const TITLE = `Lamp ${SEQUENCES} </script>`;
const DESCRIPTION = `A brass lamp ${SEQUENCES} </script><script>alert(1)</script></title><!--app-head--> as new.`;
const QUERY = `lamp ${SEQUENCES} </script>`;

// jsdom has no types of its own here: only what the test reads of a parsed page.
interface ParsedElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}
interface ParsedDocument {
  readonly title: string;
  readonly body: ParsedElement & { readonly children: { readonly length: number } };
  querySelector(selector: string): ParsedElement | null;
  querySelectorAll(selector: string): ArrayLike<ParsedElement>;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: ParsedDocument } };
};

/** Tags of the page template that a page holds once, whatever its user text. */
const ONCE = [
  /<!doctype/gi,
  /<html\b/g,
  /<head>/g,
  /<\/head>/g,
  /<title>/g,
  /<\/title>/g,
  /<body>/g,
  /<\/body>/g,
  /<\/html>/g,
  /<meta name="description"/g,
  /<meta name="csrf-token"/g,
  /id="direction-styles"/g,
  /id="app-config"/g,
  /id="current-user"/g,
  /id="page-data"/g,
  /id="root"/g,
];

interface ServerPage {
  document: ParsedDocument;
  title: string;
  description: string | null;
  currentUser: User | null;
  pageData: Record<string, unknown>;
  jsonLd: Record<string, unknown>[];
}

/** A page as the server sent it, parsed as a browser would; fails on any sign of a spliced template. */
function parsePage(html: string, label: string): ServerPage {
  for (const tag of ONCE) expect(html.match(tag) ?? [], `${label}: ${String(tag)}`).toHaveLength(1);
  expect(html, label).not.toContain('<!--app-head-->');
  const { document } = new JSDOM(html).window;
  const json = (selector: string): unknown => JSON.parse(document.querySelector(selector)?.textContent ?? 'undefined');
  expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content'), label).toMatch(/^[\w-]{20,}$/);
  expect(json('#app-config'), label).toMatchObject({ googleMapsKey: null });
  // Nothing of the page but its root: spliced text would land in the body, below the app.
  expect(document.body.children.length, label).toBe(1);
  expect(document.body.textContent?.trim(), label).toBe('');
  const ogTitle = document.querySelector('meta[property="og:title"]')?.getAttribute('content');
  if (ogTitle !== undefined) expect(ogTitle, label).toBe(document.title);
  return {
    document,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    currentUser: json('#current-user') as User | null,
    pageData: json('#page-data') as Record<string, unknown>,
    jsonLd: Array.from(
      document.querySelectorAll('script[type="application/ld+json"]'),
      (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    ),
  };
}

let testApp: TestApp;
let seller: BrowserLikeClient;
let sellerId: number;
let listing: Listing;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ PUBLIC_URL: 'https://market.example' });
  const names = { first_name: FIRST_NAME, last_name: LAST_NAME };
  const signedIn = await signedInClient(testApp.app, { ...names, account_type: 'company', company_name: COMPANY });
  seller = signedIn.client;
  sellerId = signedIn.user.id;
  const dubai = cityNamed(await fetchCities(seller), 'Dubai');
  const profile = validProfileUpdate(dubai, { ...names, company: { name: COMPANY, web: '' } });
  expect((await seller.put('/user/profile', profile)).statusCode).toBe(200);
  const draft = await newDraft(seller, (await categoryBySlug(seller, 'mobile-phones')).id);
  const fields = { ...completePhone(dubai.id), title: TITLE, description: DESCRIPTION };
  expect((await seller.request('PATCH', `/api/listings/${draft.id}`, fields)).statusCode).toBe(200);
  await addPhoto(seller, draft.id);
  listing = listingOf(await seller.post(`/api/listings/${draft.id}/publish`));
  expect(listing).toMatchObject({ title: TITLE, description: DESCRIPTION, seller: { name: COMPANY } });
});
afterAll(() => testApp.close());

/** The page as a visitor and as the seller signed in (whose page carries their own names). */
async function bothWays(url: string): Promise<ServerPage[]> {
  const visitor = await new BrowserLikeClient(testApp.app).visit(url);
  const own = await seller.visit(url);
  for (const response of [visitor, own]) {
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
  }
  const [asVisitor, asSeller] = [parsePage(visitor.body, `${url} (visitor)`), parsePage(own.body, `${url} (seller)`)];
  expect(asVisitor.currentUser).toBeNull();
  expect(asSeller.currentUser).toMatchObject({
    id: sellerId,
    first_name: FIRST_NAME,
    last_name: LAST_NAME,
    company: { name: COMPANY },
  });
  return [asVisitor, asSeller];
}

const cardTitles = (page: ServerPage, address: string) =>
  ((page.pageData[address] as ListingPage | undefined)?.data ?? []).map((card) => card.title);

describe("user text with replacement patterns ($', $`, $&, $1, $<name>, $$) in pages the server writes", () => {
  it('the product page names the listing as written, in its title, description, JSON-LD and data', async () => {
    for (const page of await bothWays(`/items/${listing.id}/${listing.slug}`)) {
      expect(page.title).toBe(`${TITLE} · AED\u00a01,800 · Marketplace`);
      expect(page.description).toBe(DESCRIPTION);
      expect(page.jsonLd).toHaveLength(1);
      expect(page.jsonLd[0]).toMatchObject({
        '@type': 'Product',
        name: TITLE,
        description: DESCRIPTION,
        offers: { seller: { '@type': 'Organization', name: COMPANY } },
      });
      const shown = (page.pageData[`/api/listings/${listing.id}`] as { data: Listing }).data;
      expect(shown).toMatchObject({ title: TITLE, description: DESCRIPTION, seller: { name: COMPANY } });
    }
  });

  it('the home page carries the listing’s card as written', async () => {
    for (const page of await bothWays('/')) {
      expect(page.title).toBe('Marketplace');
      expect(cardTitles(page, listingsUrl({ near: 'me', limit: 12 }))).toContain(TITLE);
    }
  });

  it('the category page carries the listing’s card as written', async () => {
    for (const page of await bothWays('/c/mobile-phones')) {
      expect(page.title).toBe('Mobile phones · Marketplace');
      expect(cardTitles(page, `${SEARCH_API.results}?category=mobile-phones`)).toContain(TITLE);
    }
  });

  it('the search page names the words searched for as typed, and carries the listing’s card as written', async () => {
    for (const page of await bothWays(`/search?q=${encodeURIComponent(QUERY)}`)) {
      expect(page.title).toBe(`Results for “${QUERY}” · Marketplace`);
      expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `https://market.example/search?${searchQueryString({ q: QUERY })}`,
      );
      expect(Object.keys(page.pageData)).toContain(`${SEARCH_API.results}?${searchQueryString({ q: QUERY })}`);
    }
    for (const page of await bothWays('/search?q=lamp')) {
      expect(page.title).toBe('Results for “lamp” · Marketplace');
      expect(cardTitles(page, `${SEARCH_API.results}?q=lamp`)).toEqual([TITLE]);
    }
  });

  it('the seller’s page names the company as written', async () => {
    for (const page of await bothWays(`/users/${sellerId}`)) {
      expect(page.title).toBe(`${COMPANY} · Marketplace`);
      expect(page.description).toBe(`${COMPANY} sells on Marketplace: 1 listing.`);
      expect((page.pageData[`/api/users/${sellerId}`] as { data: SellerSummary }).data.name).toBe(COMPANY);
      expect(cardTitles(page, listingsUrl({ seller: sellerId, limit: 24 }))).toEqual([TITLE]);
    }
  });
});

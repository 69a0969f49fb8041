import { listingsUrl, type Listing, type ListingPage } from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { completePhone, createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { publishedListing, villaForRent } from './fixtures/trade-kinds';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let listing: Listing;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ PUBLIC_URL: 'https://market.example' });
  owner = await seller(testApp);
  listing = await liveListing(owner);
});
afterAll(() => testApp.close());

const page = async (url: string, headers: Record<string, string> = {}) =>
  new BrowserLikeClient(testApp.app, headers).visit(url);

function pageData(html: string): Record<string, unknown> {
  const json = /<script id="page-data" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as Record<string, unknown>) : {};
}
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<
    string,
    unknown
  > | null;
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" ?/?>`).exec(html)?.[1];

describe('a product page as the server sends it', () => {
  it('carries its title, description, canonical address, Open Graph image, Product JSON-LD and first data', async () => {
    const response = await page(`/items/${listing.id}/${listing.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>iPhone 13, 128 GB, blue · AED\u00a01,800 · Marketplace</title>');
    expect(meta(html, 'description')).toBe(completePhone(0).description);
    expect(html).toContain(
      `<link rel="canonical" href="https://market.example/items/${listing.id}/iphone-13-128-gb-blue">`,
    );
    expect(meta(html, 'og:image')).toBe(`https://market.example${listing.photos[0]?.full}`);
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      name: 'iPhone 13, 128 GB, blue',
      offers: { priceCurrency: 'AED', price: '1800.00', availability: 'https://schema.org/InStock' },
    });
    const data = pageData(html);
    expect(Object.keys(data).sort()).toEqual(
      [
        '/api/categories',
        `/api/listings/${listing.id}`,
        listingsUrl({ seller: owner.id, exclude: listing.id, limit: 4 }),
      ].sort(),
    );
    expect((data[`/api/listings/${listing.id}`] as { data: Listing }).data.title).toBe(listing.title);
    // The first photo downloads with the app's code: it is what a visitor sees first.
    expect(html).toContain(`<link rel="preload" as="image" href="${listing.photos[0]?.full}" fetchpriority="high">`);
  });

  it('speaks the reader’s language', async () => {
    const html = (await page(`/items/${listing.id}/${listing.slug}`, { 'accept-language': 'ar' })).body;
    expect(html).toMatch(/<title>iPhone 13, 128 GB, blue · [^<]*1,800[^<]*د\.إ\.[^<]* · السوق<\/title>/);
  });

  it('sends an old or wrong slug to the canonical address, query kept', async () => {
    const response = await page(`/items/${listing.id}/old-title?ref=share`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/items/${listing.id}/iphone-13-128-gb-blue?ref=share`);
  });

  it('answers 404, with no data, for a listing a visitor may not see', async () => {
    const paused = await liveListing(owner);
    await owner.client.post(`/api/listings/${paused.id}/pause`);
    const response = await page(`/items/${paused.id}/${paused.slug}`);
    expect(response.statusCode).toBe(404);
    expect(pageData(response.body)).toEqual({});
    expect(response.body).not.toContain(paused.title);
    expect((await page('/items/999999/nothing')).statusCode).toBe(404);
  });

  it('escapes a title that tries to close the script or the head', async () => {
    const hostile = await liveListing(owner);
    const title = '</script><script>alert(1)</script> "quoted" <b>';
    expect((await owner.client.request('PATCH', `/api/listings/${hostile.id}`, { title })).statusCode).toBe(200);
    const refreshed = (await owner.client.get(`/api/listings/${hostile.id}`)).json<{ data: Listing }>().data;
    const html = (await page(`/items/${hostile.id}/${refreshed.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(jsonLd(html)?.name).toBe(title);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;');
  });

  it('offers a rent for lease at a price per month or per year in its JSON-LD, with no condition', async () => {
    const rent = await publishedListing(owner, 'property-for-rent', {
      ...villaForRent(owner.dubai.id),
      title: 'Villa </script><b> for rent',
      price_period: 'month',
    });
    const html = (await page(`/items/${rent.id}/${rent.slug}`)).body;
    expect(html).not.toContain('</script><b>');
    const offer = (jsonLd(html)?.offers ?? {}) as Record<string, unknown>;
    expect(offer).toMatchObject({
      '@type': 'Offer',
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: '120000.00',
        priceCurrency: 'AED',
        unitCode: 'MON',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    });
    expect(offer).not.toHaveProperty('itemCondition');
    await owner.client.request('PATCH', `/api/listings/${rent.id}`, { price_period: 'year' });
    const yearly = jsonLd((await page(`/items/${rent.id}/${rent.slug}`)).body)?.offers as Record<string, unknown>;
    expect(yearly.priceSpecification).toMatchObject({ unitCode: 'ANN' });
    // A sale is one price in a condition, as before.
    const sale = jsonLd((await page(`/items/${listing.id}/${listing.slug}`)).body)?.offers as Record<string, unknown>;
    expect(sale).toMatchObject({ itemCondition: 'https://schema.org/UsedCondition' });
    expect(sale).not.toHaveProperty('priceSpecification');
  });
});

describe('other public pages', () => {
  it('a category page names the category and starts with its first results as a search, and their counts', async () => {
    const response = await page('/c/electronics');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Electronics · Marketplace</title>');
    expect(response.body).toContain('<link rel="canonical" href="https://market.example/c/electronics">');
    const data = pageData(response.body);
    expect(Object.keys(data).sort()).toEqual(
      ['/api/categories', '/api/search?category=electronics', '/api/search/facets?category=electronics'].sort(),
    );
    const first = data['/api/search?category=electronics'] as {
      data: { id: number; cover: { card: string } | null }[];
    };
    expect(first.data.map((card) => card.id)).toContain(listing.id);
    const lead = first.data[0]?.cover?.card ?? 'no cover';
    expect(response.body).toContain(`<link rel="preload" as="image" href="${lead}" fetchpriority="high">`);
    expect((await page('/c/no-such-category')).statusCode).toBe(404);
    expect((await page('/c/no-such-category?a.brand=apple')).statusCode).toBe(404);
  });

  it('a filtered category page starts with those results; its canonical is the category’s clean address', async () => {
    // The address's own category parameter is not read, and a field the category lacks is left out, as the page does.
    const response = await page(
      '/c/mobile-phones?sort=price_asc&a.brand=apple&max_price=5000&a.bedrooms=2&category=laptops&utm_source=mail',
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Mobile phones · Marketplace</title>');
    expect(response.body).toContain('<link rel="canonical" href="https://market.example/c/mobile-phones">');
    expect(response.body).not.toContain('rel="next"');
    const data = pageData(response.body);
    const results = '/api/search?category=mobile-phones&a.brand=apple&max_price=5000&sort=price_asc';
    const facets = '/api/search/facets?category=mobile-phones&a.brand=apple&max_price=5000&sort=price_asc';
    expect(Object.keys(data).sort()).toEqual(['/api/categories', results, facets].sort());
    expect((data[results] as ListingPage).data.map((card) => card.id)).toContain(listing.id);
    const total = (data[facets] as { data: { total: number } }).data.total;
    expect(total).toBeGreaterThan(0);
    // The description counts what the filters find.
    expect(meta(response.body, 'description')).toContain(total === 1 ? '1 listing ' : `${total} listings`);
    // Filters the API refuses still answer with the page (which says it could not load them), never a 5xx.
    for (const address of ['/c/mobile-phones?a.brand=NOT%20ONE', '/c/mobile-phones?min_price=9&max_price=1']) {
      expect((await page(address)).statusCode).toBe(200);
    }
  });

  it('a search page names the words, and starts with its results and their counts', async () => {
    const response = await page('/search?q=iphone&sort=price_asc&utm_source=mail');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Results for “iphone” · Marketplace</title>');
    expect(response.body).toContain(
      '<link rel="canonical" href="https://market.example/search?q=iphone&amp;sort=price_asc">',
    );
    const data = pageData(response.body);
    const results = data['/api/search?q=iphone&sort=price_asc'] as { data: { id: number }[] };
    expect(results.data.map((card) => card.id)).toContain(listing.id);
    expect(data['/api/search/facets?q=iphone&sort=price_asc']).toMatchObject({ data: { total: 1 } });
    expect(meta(response.body, 'description')).toBe('1 listing for sale across the UAE on Marketplace.');
    // A search the API refuses still answers with the page, which then shows what it can.
    expect((await page('/search?min_price=cheap')).statusCode).toBe(200);
  });

  it('a seller’s page names them and lists what they sell', async () => {
    const response = await page(`/users/${owner.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<title>Amira S\. · Marketplace<\/title>/);
    expect((await page('/users/999999')).statusCode).toBe(404);
  });

  it('the home page starts with the categories, fresh listings, the testimonials and the welcome video', async () => {
    const data = pageData((await page('/')).body);
    expect(Object.keys(data).sort()).toEqual(
      ['/api/categories', listingsUrl({ near: 'me', limit: 12 }), '/api/testimonials', '/api/welcome-video'].sort(),
    );
  });

  it('private pages are not for crawlers', async () => {
    for (const path of ['/account/items', '/notifications', '/account/notifications']) {
      expect(meta((await page(path)).body, 'robots'), path).toBe('noindex');
    }
  });
});

describe('a paged grid (Load more as a link crawlers follow)', () => {
  let prolific: Seller;
  beforeAll(async () => {
    // One more listing than a page holds, copied in the database (publishing 25 would be slow).
    prolific = await seller(testApp);
    await sql`
      INSERT INTO listings (seller_id, category_id, status, title, description, condition, price_fils, attributes,
                            city_id, neighborhood_id, latitude, longitude, published_at, expires_at)
      SELECT ${prolific.id}, category_id, status, title, description, condition, price_fils, attributes,
             city_id, neighborhood_id, latitude, longitude, published_at - make_interval(mins => n), expires_at
      FROM listings, generate_series(1, 25) AS n WHERE id = ${listing.id}`.execute(testApp.app.db);
  });

  const link = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)">`).exec(html)?.[1];
  const cursorOf = (address: string | undefined) => new URL(address ?? '', 'https://x').searchParams.get('cursor');

  it('names the next page in the head, and a cursor page starts its data there, canonical to itself', async () => {
    const first = (await page(`/users/${prolific.id}`)).body;
    const firstPage = pageData(first)[listingsUrl({ seller: prolific.id, limit: 24 })] as ListingPage;
    expect(firstPage.data).toHaveLength(24);
    const next = link(first, 'next');
    expect(next).toBe(`https://market.example/users/${prolific.id}?cursor=${firstPage.next_cursor}`);
    expect(link(first, 'canonical')).toBe(`https://market.example/users/${prolific.id}`);

    const response = await page((next ?? '').replace('https://market.example', ''));
    expect(response.statusCode).toBe(200);
    const cursor = cursorOf(next) ?? '';
    const data = pageData(response.body);
    expect(Object.keys(data)).toEqual([
      `/api/users/${prolific.id}`,
      listingsUrl({ seller: prolific.id, cursor, limit: 24 }),
    ]);
    const rest = data[listingsUrl({ seller: prolific.id, cursor, limit: 24 })] as ListingPage;
    expect(rest.data).toHaveLength(1);
    expect(rest.data[0]?.id).not.toBe(firstPage.data[23]?.id);
    expect(link(response.body, 'canonical')).toBe(next);
    // The last page has no next.
    expect(link(response.body, 'next')).toBeUndefined();
  });

  it('a category page from a cursor embeds exactly the addresses the page will ask for', async () => {
    const first = (await page('/c/mobile-phones')).body;
    const firstPage = pageData(first)['/api/search?category=mobile-phones'] as ListingPage;
    expect(firstPage.data).toHaveLength(24);
    const cursor = firstPage.next_cursor ?? '';
    expect(link(first, 'next')).toBe(`https://market.example/c/mobile-phones?cursor=${cursor}`);
    const html = (await page(`/c/mobile-phones?cursor=${cursor}`)).body;
    const data = pageData(html);
    expect(Object.keys(data).sort()).toEqual(
      [
        '/api/categories',
        `/api/search?category=mobile-phones&cursor=${cursor}`,
        '/api/search/facets?category=mobile-phones',
      ].sort(),
    );
    const rest = (data[`/api/search?category=mobile-phones&cursor=${cursor}`] as ListingPage).data;
    expect(rest.length).toBeGreaterThan(0);
    expect(firstPage.data.map((card) => card.id)).not.toContain(rest[0]?.id);
    expect(link(html, 'canonical')).toBe(`https://market.example/c/mobile-phones?cursor=${cursor}`);
  });

  it('a malformed cursor shows the first page, never a server error', async () => {
    for (const bad of ['%3Cscript%3E', 'a'.repeat(101), '', 'abc%22def']) {
      const category = await page(`/c/mobile-phones?cursor=${bad}`);
      expect(category.statusCode).toBe(200);
      expect(Object.keys(pageData(category.body))).toContain('/api/search?category=mobile-phones');
      expect(link(category.body, 'canonical')).toBe('https://market.example/c/mobile-phones');
      const sellerPage = await page(`/users/${prolific.id}?cursor=${bad}&x=1`);
      expect(sellerPage.statusCode).toBe(200);
      expect(Object.keys(pageData(sellerPage.body))).toContain(listingsUrl({ seller: prolific.id, limit: 24 }));
    }
  });
});

describe('crawlers', () => {
  it('find active listings and categories in /sitemap.xml, and the way to it in /robots.txt', async () => {
    const sitemap = await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>https://market.example/items/${listing.id}/iphone-13-128-gb-blue</loc>`);
    expect(sitemap.body).toContain('<loc>https://market.example/c/mobile-phones</loc>');
    expect(sitemap.body).not.toContain('/c/cars<');
    const robots = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://market.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});

import type { Category, ListingCard, SearchFacets, SearchSuggestions } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { categoryBySlug, createCatalogueTestApp, seller, type Seller } from './fixtures/catalogue';
import { cityNamed, fetchCities } from './fixtures/profile';
import type { TestApp } from './test-app';

/**
 * Search against a small known catalogue: each listing below is written straight into the
 * database, so every filter, sort and count has an exact expected answer.
 */
let testApp: TestApp;
let person: Seller;
let shop: Seller;
let phones: Category;
let cars: Category;
let sharjahId: number;
const ids: Record<string, number> = {};
const HOUR = 3600 * 1000;

interface Row {
  key: string;
  title: string;
  category: Category;
  hoursAgo: number;
  description?: string;
  condition?: 'new' | 'like_new' | 'good' | 'fair' | 'for_parts';
  price_fils?: number;
  attributes?: Record<string, string | number>;
  city_id?: number;
  neighborhood_id?: number;
  status?: 'active' | 'paused';
}

async function insert({ key, category, hoursAgo, attributes = {}, ...row }: Row, owner: Seller, photo = true) {
  const published = new Date(Date.now() - hoursAgo * HOUR);
  const { id } = await testApp.database.db
    .insertInto('listings')
    .values({
      seller_id: owner.id,
      category_id: category.id,
      status: 'active',
      description: 'A description long enough to publish with.',
      condition: 'good',
      price_fils: 100_000,
      attributes: JSON.stringify(attributes) as never,
      city_id: owner.dubai.id,
      published_at: published,
      expires_at: new Date(published.getTime() + 30 * 24 * HOUR),
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (photo) {
    await testApp.database.db
      .insertInto('listing_photos')
      .values({
        listing_id: id,
        key: `k${String(id).padStart(21, '0')}`,
        position: 0,
        width: 8,
        height: 6,
        placeholder: '',
      })
      .execute();
  }
  ids[key] = id;
}

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  person = await seller(testApp);
  shop = await seller(testApp, { account_type: 'company', company_name: 'Gulf Goods' });
  phones = await categoryBySlug(person.client, 'mobile-phones');
  cars = await categoryBySlug(person.client, 'cars');
  sharjahId = cityNamed(await fetchCities(person.client), 'Sharjah').id;
  await insert(
    {
      key: 'iphone',
      title: 'iPhone 13 Pro, 256 GB, graphite',
      category: phones,
      hoursAgo: 1,
      price_fils: 250_000,
      condition: 'like_new',
      attributes: { brand: 'apple', storage: '256gb' },
    },
    person,
  );
  await insert(
    {
      key: 'iphoneOld',
      title: 'Old iPhone 8 for parts',
      category: phones,
      hoursAgo: 30,
      price_fils: 20_000,
      condition: 'for_parts',
      attributes: { brand: 'apple', storage: '64gb' },
    },
    person,
    false,
  );
  await insert(
    {
      key: 'galaxy',
      title: 'Samsung Galaxy S23, 128 GB',
      category: phones,
      hoursAgo: 2,
      price_fils: 180_000,
      condition: 'new',
      attributes: { brand: 'samsung', storage: '128gb' },
      city_id: sharjahId,
    },
    shop,
  );
  await insert(
    {
      key: 'corolla',
      title: 'Toyota Corolla 2018, one owner',
      category: cars,
      hoursAgo: 3,
      price_fils: 4_500_000,
      attributes: { brand: 'toyota', model: 'Corolla', year: 2018, kilometres: 90_000, transmission: 'automatic' },
    },
    shop,
  );
  await insert(
    {
      key: 'landCruiser',
      title: 'Toyota Land Cruiser 2022',
      category: cars,
      hoursAgo: 4,
      price_fils: 25_000_000,
      attributes: { brand: 'toyota', model: 'Land Cruiser', year: 2022, kilometres: 20_000, transmission: 'automatic' },
    },
    person,
  );
  await insert(
    {
      key: 'arabic',
      title: 'سيارة تويوتا كامري للبيع',
      category: cars,
      hoursAgo: 5,
      price_fils: 3_000_000,
      description: 'سيارة نظيفة جدا، صيانة في الوكالة.',
      attributes: { brand: 'toyota', model: 'Camry', year: 2016, kilometres: 150_000, transmission: 'manual' },
    },
    person,
  );
  await insert(
    { key: 'sofas', title: 'Two grey sofas', category: cars, hoursAgo: 6, price_fils: 0, status: 'paused' },
    person,
  );
});
afterAll(() => testApp.close());

const visitor = () => new BrowserLikeClient(testApp.app);
const results = async (query: string) => {
  const response = await visitor().get(`/api/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ListingCard[]; next_cursor: string | null; corrected_query: string | null }>();
};
const found = async (query: string) => (await results(query)).data.map((card) => keyOf(card.id));
const keyOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? `#${id}`;
const facets = async (query: string) => {
  const response = await visitor().get(`/api/search/facets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SearchFacets }>().data;
};
const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;

describe('search results', () => {
  it('with no words: every active listing, newest first, and never a paused one', async () => {
    expect(await found('')).toEqual(['iphone', 'galaxy', 'corolla', 'landCruiser', 'arabic', 'iphoneOld']);
  });

  it('finds words in titles and descriptions, stemmed: "sofa" would find "sofas", "owners" finds "owner"', async () => {
    expect(await found('q=owners')).toEqual(['corolla']);
    expect(await found('q=toyota')).toEqual(expect.arrayContaining(['corolla', 'landCruiser']));
    expect(await found('q=sofa')).toEqual([]); // the sofas are paused
  });

  it('forgives a typo: "iphnoe" finds the iPhones, "samsnug" the Galaxy', async () => {
    expect(await found('q=iphnoe')).toEqual(expect.arrayContaining(['iphone', 'iphoneOld']));
    expect(await found('q=samsnug')).toEqual(['galaxy']);
  });

  it('says which words it searched for instead of misspelt ones, and finds nothing for gibberish', async () => {
    const corrected = await results('q=iphnoe');
    expect(corrected.corrected_query).toBe('iphone');
    expect((await results('q=iphone')).corrected_query).toBeNull();
    expect(await found('q=xqzzyv')).toEqual([]);
  });

  it('ranks listings with the words in the title before those with them only in the description', async () => {
    await insert(
      {
        key: 'mentionsCorolla',
        title: 'Roof rack for a family car',
        description: 'Fits a Toyota Corolla, bought new last year.',
        category: cars,
        hoursAgo: 0.5,
      },
      person,
    );
    try {
      // The rack is newer, but "corolla" is only in its description.
      expect(await found('q=corolla')).toEqual(['corolla', 'mentionsCorolla']);
      const first = await results('q=corolla&limit=1');
      expect(first.data.map((card) => keyOf(card.id))).toEqual(['corolla']);
      const second = await results(`q=corolla&limit=1&cursor=${first.next_cursor}`);
      expect(second.data.map((card) => keyOf(card.id))).toEqual(['mentionsCorolla']);
      expect(second.next_cursor).toBeNull();
    } finally {
      await testApp.database.db
        .updateTable('listings')
        .set({ status: 'paused' })
        .where('id', '=', ids.mentionsCorolla ?? 0)
        .execute();
    }
  });

  it('searches Arabic too, in the title and the description', async () => {
    expect(await found(`q=${encodeURIComponent('كامري')}`)).toEqual(['arabic']);
    expect(await found(`q=${encodeURIComponent('الوكالة')}`)).toEqual(['arabic']);
  });

  it('ranks the closest match first', async () => {
    expect((await found('q=iphone%2013%20pro'))[0]).toBe('iphone');
  });

  it('filters by category (with everything under it), price in dirhams, condition, city, seller type, photos and age', async () => {
    expect(await found('category=electronics')).toEqual(['iphone', 'galaxy', 'iphoneOld']);
    expect(await found('category=mobile-phones&min_price=1000&max_price=2000')).toEqual(['galaxy']);
    expect(await found('condition=new,for_parts')).toEqual(['galaxy', 'iphoneOld']);
    expect(await found(`city=${sharjahId}`)).toEqual(['galaxy']);
    expect(await found('seller_type=company')).toEqual(['galaxy', 'corolla']);
    expect(await found('category=mobile-phones&photos=1')).toEqual(['iphone', 'galaxy']);
    expect(await found('posted=1d')).toEqual(['iphone', 'galaxy', 'corolla', 'landCruiser', 'arabic']);
  });

  it('filters by the category’s own fields: choices, number ranges', async () => {
    expect(await found('category=mobile-phones&a.brand=samsung,apple&a.storage=256gb')).toEqual(['iphone']);
    expect(await found('category=cars&a.year=2017-')).toEqual(['corolla', 'landCruiser']);
    expect(await found('category=cars&a.kilometres=-100000&a.transmission=automatic')).toEqual([
      'corolla',
      'landCruiser',
    ]);
    expect(await found('category=cars&a.year=2016')).toEqual(['arabic']);
  });

  it('sorts by price either way, and pages through any sort without a gap or a repeat', async () => {
    expect(await found('sort=price_asc')).toEqual([
      'iphoneOld',
      'galaxy',
      'iphone',
      'arabic',
      'corolla',
      'landCruiser',
    ]);
    expect(await found('sort=price_desc')).toEqual([
      'landCruiser',
      'corolla',
      'arabic',
      'iphone',
      'galaxy',
      'iphoneOld',
    ]);
    for (const query of ['sort=price_asc', 'sort=price_desc', 'sort=newest', 'q=toyota', 'q=iphone&sort=newest']) {
      const whole = await found(query);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: ListingCard[]; next_cursor: string | null } = await results(
          `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        paged.push(...page.data.map((card) => keyOf(card.id)));
        cursor = page.next_cursor;
      } while (cursor);
      expect(paged, query).toEqual(whole);
    }
  });

  it.each([
    ['q', `q=${'x'.repeat(101)}`, 'Search for at most 100 characters.'],
    ['min_price', 'min_price=cheap', 'Enter a price in whole dirhams.'],
    ['max_price', 'min_price=500&max_price=100', 'The highest price cannot be below the lowest.'],
    ['category', 'category=unicorns', 'There is no such category.'],
    ['a.year', 'a.year=2015-2020', 'This filter does not apply to the chosen category.'],
    ['a.brand', 'category=mobile-phones&a.brand=nokia3310', 'This filter does not apply to the chosen category.'],
    ['a.year', 'category=cars&a.year=2020-2010', 'This filter does not apply to the chosen category.'],
    ['sort', 'sort=cheapest', 'The value is not valid.'],
    ['condition', 'condition=mint', 'The value is not valid.'],
    ['cursor', 'cursor=bm90LWEtY3Vyc29y', 'The value is not valid.'],
    ['limit', 'limit=500', 'The value is not valid.'],
  ])('answers 422 naming %s for %s', async (field, query, text) => {
    const response = await visitor().get(`/api/search?${query}`);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[field]).toEqual([text]);
  });

  it('refuses a cursor made for another sort, or tampered with, rather than failing', async () => {
    const { next_cursor: cursor } = await results('sort=price_asc&limit=1');
    expect((await visitor().get(`/api/search?sort=newest&cursor=${cursor}`)).statusCode).toBe(422);
    const forged = Buffer.from(JSON.stringify(['newest', '2026-02-30 10:00:00+00', 5])).toString('base64url');
    expect((await visitor().get(`/api/search?cursor=${forged}`)).statusCode).toBe(422);
  });

  it('sees a listing paused or published a moment ago', async () => {
    await testApp.database.db
      .updateTable('listings')
      .set({ status: 'paused' })
      .where('id', '=', ids.galaxy ?? 0)
      .execute();
    expect(await found('q=samsung')).toEqual([]);
    await testApp.database.db
      .updateTable('listings')
      .set({ status: 'active' })
      .where('id', '=', ids.galaxy ?? 0)
      .execute();
    expect(await found('q=samsung')).toEqual(['galaxy']);
  });
});

describe('facets', () => {
  it('count each value for the search as it is, leaving each filter’s own choice out of its counts', async () => {
    const counts = await facets('category=electronics&condition=new');
    expect(counts.total).toBe(1);
    expect(counts.approximate).toBe(false);
    expect(counts.categories).toEqual(
      expect.arrayContaining([{ slug: 'mobile-phones', name: 'Mobile phones', count: 1 }]),
    );
    // Choosing "new" does not make the other conditions read 0: they say what choosing them would add.
    expect(counts.conditions).toEqual(
      expect.arrayContaining([
        { value: 'new', count: 1 },
        { value: 'like_new', count: 1 },
        { value: 'for_parts', count: 1 },
      ]),
    );
    expect(counts.seller_types).toEqual([{ value: 'company', count: 1 }]);
  });

  it('count the chosen category’s own choices, and cities by name in the reader’s language', async () => {
    const counts = await facets('category=cars&a.transmission=automatic');
    expect(counts.total).toBe(2);
    expect(counts.attributes).toEqual(
      expect.arrayContaining([
        {
          key: 'transmission',
          values: [
            { value: 'automatic', count: 2 },
            { value: 'manual', count: 1 },
          ],
        },
        { key: 'brand', values: [{ value: 'toyota', count: 2 }] },
      ]),
    );
    const arabic = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    const inArabic = (await arabic.get(`/api/search/facets?city=${sharjahId}`)).json<{ data: SearchFacets }>().data;
    expect(inArabic.cities.map((city) => city.name)).toEqual(expect.arrayContaining(['الشارقة', 'دبي']));
  });
});

describe('neighborhoods', () => {
  it('are counted for the chosen city, the neighborhood choice left out, and filter the results', async () => {
    const [first, second] = person.dubai.neighborhoods;
    if (!first || !second) throw new Error('Dubai has neighborhoods');
    await insert(
      { key: 'inFirst', title: 'Desk lamp', category: phones, hoursAgo: 0.2, neighborhood_id: first.id },
      person,
    );
    await insert(
      { key: 'inSecond', title: 'Desk chair', category: phones, hoursAgo: 0.3, neighborhood_id: second.id },
      person,
    );
    try {
      const counts = await facets(`q=desk&city=${person.dubai.id}&neighborhoods=${first.id}`);
      expect(counts.total).toBe(1);
      expect(counts.neighborhoods).toEqual(
        expect.arrayContaining([
          { id: first.id, name: first.name, count: 1 },
          { id: second.id, name: second.name, count: 1 },
        ]),
      );
      expect(counts.neighborhoods).toHaveLength(2);
      expect(await found(`q=desk&city=${person.dubai.id}&neighborhoods=${second.id}`)).toEqual(['inSecond']);
      expect((await facets('q=desk')).neighborhoods).toEqual([]);
    } finally {
      await testApp.database.db
        .updateTable('listings')
        .set({ status: 'paused' })
        .where('id', 'in', [ids.inFirst ?? 0, ids.inSecond ?? 0])
        .execute();
    }
  });
});

describe('suggestions', () => {
  const suggest = async (q: string, headers: Record<string, string> = {}) => {
    const response = await new BrowserLikeClient(testApp.app, headers).get(
      `/api/search/suggestions?q=${encodeURIComponent(q)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SearchSuggestions }>().data;
  };

  it('offer titles from the first letter, and categories the words are mostly in', async () => {
    expect((await suggest('i')).titles).toEqual(['iPhone 13 Pro, 256 GB, graphite']);
    const toyota = await suggest('toyo');
    expect(toyota.titles).toEqual(
      expect.arrayContaining(['Toyota Corolla 2018, one owner', 'Toyota Land Cruiser 2022']),
    );
    expect(toyota.in_categories).toEqual([{ slug: 'cars', name: 'Cars', count: 2 }]);
    expect((await suggest('iphnoe')).titles).toEqual(
      expect.arrayContaining(['iPhone 13 Pro, 256 GB, graphite', 'Old iPhone 8 for parts']),
    );
  });

  it('offer categories by name, in the reader’s language', async () => {
    expect((await suggest('phon')).categories).toEqual([{ slug: 'mobile-phones', name: 'Mobile phones' }]);
    expect((await suggest('سيار', { 'accept-language': 'ar' })).categories).toContainEqual({
      slug: 'cars',
      name: 'سيارات',
    });
  });

  it('need something typed', async () => {
    const response = await visitor().get('/api/search/suggestions?q=');
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).q).toEqual(['Type at least one character to get suggestions.']);
  });
});

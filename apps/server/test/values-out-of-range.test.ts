import { CATALOGUE_API, CHAT_API, ORDERS_API, type Listing } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, liveListing, newDraft, seller, uploadPhoto, type Seller } from './fixtures/catalogue';
import { offerBody, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

/*
 * Numbers and times a request carries to SQL that PostgreSQL cannot hold, or that its arithmetic
 * cannot take (issue: values out of range): each is the caller's mistake, answered as a bad cursor
 * or a 422 naming the field and the rule, never a 500.
 */

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;
let listing: Listing;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
  buyer = await seller(testApp);
  listing = await liveListing(owner);
});
afterAll(() => testApp.close());

const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;
const arabic = { headers: { 'accept-language': 'ar' } };

/** A page cursor as the server makes it (page-cursor.ts): the last row's time and id, base64url. */
const pageCursor = (time: string, id: number | string) => Buffer.from(`${time}|${id}`).toString('base64url');

describe('forged page cursors', () => {
  const farPast = pageCursor('-271821-04-20T00:00:00.000Z', 1);

  it('with a time before PostgreSQL’s first (4714 BC) are refused as any other bad cursor, on every grid', async () => {
    await buyer.client.request('PUT', `/api/favourites/${listing.id}`);
    for (const url of [
      `${CATALOGUE_API.listings}?cursor=${farPast}`,
      `${CATALOGUE_API.listings}?category=mobile-phones&cursor=${farPast}`,
      `${CATALOGUE_API.listings}?seller=${owner.id}&cursor=${farPast}`,
      `${CATALOGUE_API.ownListings}?cursor=${farPast}`,
      `/api/favourites?cursor=${farPast}`,
    ]) {
      const garbage = await buyer.client.get(url.replace(farPast, 'bm90LWEtY3Vyc29y'));
      const response = await buyer.client.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(errorsOf(response), url).toEqual({ cursor: ['The value is not valid.'] });
      expect(response.json(), url).toEqual(garbage.json());
    }
  });

  it('with the last time JavaScript knows (275760 AD), which PostgreSQL holds, start before it: every listing', async () => {
    const response = await buyer.client.get(
      `${CATALOGUE_API.listings}?seller=${owner.id}&cursor=${pageCursor('+275760-09-13T00:00:00.000Z', 1)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { id: number }[] }>().data.map((card) => card.id)).toEqual([listing.id]);
  });

  it('with an id past an integer column are refused', async () => {
    const response = await buyer.client.get(
      `${CATALOGUE_API.listings}?cursor=${pageCursor('2030-01-01T00:00:00.000Z', 2_147_483_648)}`,
    );
    expect(errorsOf(response)).toEqual({ cursor: ['The value is not valid.'] });
  });
});

describe('forged id cursors past their column', () => {
  it.each([
    [`${ORDERS_API.history}?cursor=9999999999`],
    [`${ORDERS_API.history}?role=seller&cursor=2147483648`],
    [`${ORDERS_API.orders}?role=buyer&cursor=9999999999`],
  ])('%s is a page that is not one (422), as cursor=-1 is', async (url) => {
    const response = await buyer.client.get(url);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ cursor: ['Page is not valid.'] });
  });

  it('on a user’s reviews too', async () => {
    const response = await buyer.client.get(`${CATALOGUE_API.sellerReviews(owner.id)}?cursor=9999999999`);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ cursor: ['Page is not valid.'] });
  });

  it('on notifications, whose ids JavaScript reads exactly up to 2^53 − 1', async () => {
    expect((await buyer.client.get('/api/notifications?cursor=9007199254740991')).statusCode).toBe(200);
    const response = await buyer.client.get('/api/notifications?cursor=9007199254740993');
    expect(errorsOf(response)).toEqual({ cursor: ['The value is not valid.'] });
  });
});

describe('a listing’s numbers', () => {
  const patch = (body: Record<string, unknown>, options = {}) =>
    newDraft(owner.client).then((draft) =>
      owner.client.request('PATCH', CATALOGUE_API.listing(draft.id), body, options),
    );

  it('keeps a map pin to six decimals: a subnormal longitude is stored as 0, −0 as 0', async () => {
    for (const longitude of [5.4e-323, 5e-324, 2.2250738585072014e-308, -2.2250738585072014e-308, -0]) {
      const response = await patch({ latitude: 25.2048123456, longitude });
      expect(response.statusCode, String(longitude)).toBe(200);
      expect(response.json<{ data: Listing }>().data).toMatchObject({ latitude: 25.204812, longitude: 0 });
    }
  });

  it.each([
    [
      { latitude: 1e308, longitude: 55.27 },
      'latitude',
      'Latitude must be at most 90.',
      'يجب ألا تزيد قيمة خط العرض على 90.',
    ],
    [
      { latitude: 25.2, longitude: -1e308 },
      'longitude',
      'Longitude must be at least -180.',
      'يجب ألا تقل قيمة خط الطول عن -180.',
    ],
    [{ quantity: 2 ** 31 }, 'quantity', 'Quantity must be at most 10000.', 'يجب ألا تزيد قيمة الكمية على 10000.'],
    [{ price_fils: -1 }, 'price_fils', 'Price must be at least AED 0.', 'يجب ألا تقل قيمة السعر عن 0 درهم.'],
    [
      { price_fils: 12.5 },
      'price_fils',
      'Price must be a whole number of fils: at most two decimals in AED.',
      'يجب أن تكون قيمة السعر عددًا صحيحًا من الفلوس: منزلتان عشريتان على الأكثر بالدرهم.',
    ],
    [
      { price_fils: 10_000_000_001 },
      'price_fils',
      'Price must be at most AED 100,000,000.',
      'يجب ألا تزيد قيمة السعر على 100,000,000 درهم.',
    ],
    [
      { delivery_fee_fils: 1e308 },
      'delivery_fee_fils',
      'Delivery fee must be at most AED 100,000.',
      'يجب ألا تزيد قيمة رسوم التوصيل على 100,000 درهم.',
    ],
  ])('refuses %j with the rule it breaks, in English and Arabic', async (body, field, english, inArabic) => {
    const response = await patch(body);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ [field]: [english] });
    expect(errorsOf(await patch(body, arabic))).toEqual({ [field]: [inArabic] });
  });
});

describe('an offer’s numbers', () => {
  it.each([
    [{ offer_fils: -1 }, 'offer_fils', 'Price must be at least AED 0.', 'يجب ألا تقل قيمة السعر عن 0 درهم.'],
    [
      { offer_fils: 12.5 },
      'offer_fils',
      'Price must be a whole number of fils: at most two decimals in AED.',
      'يجب أن تكون قيمة السعر عددًا صحيحًا من الفلوس: منزلتان عشريتان على الأكثر بالدرهم.',
    ],
    [
      { offer_fils: 10_000_000_001 },
      'offer_fils',
      'Price must be at most AED 100,000,000.',
      'يجب ألا تزيد قيمة السعر على 100,000,000 درهم.',
    ],
    [{ quantity: 5e-324 }, 'quantity', 'Quantity must be a whole number.', 'يجب أن تكون قيمة الكمية عددًا صحيحًا.'],
  ])('refuses %j with the rule it breaks, in English and Arabic', async (changes, field, english, inArabic) => {
    const body = offerBody(listing.id, changes);
    const response = await buyer.client.post(ORDERS_API.orders, body);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ [field]: [english] });
    expect(errorsOf(await buyer.client.request('POST', ORDERS_API.orders, body, arabic))).toEqual({
      [field]: [inArabic],
    });
  });

  it('refuses a counter-offer past the maximum the same way', async () => {
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    const response = await owner.client.post(ORDERS_API.action(order.id, 'counter'), { price_fils: 1e308 });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ price_fils: ['Price must be at most AED 100,000,000.'] });
  });
});

describe('a PDF sent as a photo', () => {
  /** 10 MB: under the photos' 12 MB limit, so it reaches the route. */
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);

  it('is refused on a listing’s photos field as any other file that is not an image', async () => {
    const draft = await newDraft(owner.client);
    for (const type of ['application/pdf', 'text/plain', 'application/json', 'image/svg+xml']) {
      const response = await uploadPhoto(owner.client, draft.id, pdf, type);
      expect(response.statusCode, type).toBe(422);
      expect(errorsOf(response), type).toEqual({ photos: ['The Photos field must be an image'] });
    }
    const inArabic = await owner.client.request('POST', CATALOGUE_API.listingPhotos(draft.id), pdf, {
      headers: { 'content-type': 'application/pdf', 'accept-language': 'ar' },
    });
    expect(errorsOf(inArabic)).toEqual({ photos: ['يجب أن يكون حقل الصور صورة'] });
  });

  it('is refused on a chat photo field as any other file that is not an image', async () => {
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const { id } = started.json<{ data: { id: number } }>().data;
    for (const type of ['application/pdf', 'text/plain', 'application/json']) {
      const response = await buyer.client.request('POST', CHAT_API.photos(id, `pdf-as-photo-${type.length}`), pdf, {
        headers: { 'content-type': type },
      });
      expect(response.statusCode, type).toBe(422);
      expect(errorsOf(response), type).toEqual({ photo: ['The photo field must be an image'] });
    }
  });

  it('still meets the size limit before its bytes are read: 413', async () => {
    const draft = await newDraft(owner.client);
    const response = await uploadPhoto(owner.client, draft.id, Buffer.alloc(13 * 1024 * 1024, 0x20), 'application/pdf');
    expect(response.statusCode).toBe(413);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import {
  CHAT_API,
  ORDERS_API,
  listingsUrl,
  type ChatMessage,
  type Conversation,
  type Listing,
  type ListingPage,
} from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from '../src/config';
import { BrowserLikeClient } from './browser-like-client';
import { addPhoto, createCatalogueTestApp, liveListing, listingOf, seller, type Seller } from './fixtures/catalogue';
import { dataUrl, png } from './fixtures/images';
import { offerBody, placeOrder } from './fixtures/orders';
import { validProfileUpdate } from './fixtures/profile';
import { staffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/** Given with a trailing slash, which the app drops. */
const CDN = 'https://cdn.example.com/media';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;
let listing: Listing;
let avatar: string;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ MEDIA_PUBLIC_URL: `${CDN}/`, PUBLIC_URL: 'https://market.example' });
  owner = await seller(testApp);
  const saved = await owner.client.put(
    '/user/profile',
    validProfileUpdate(owner.dubai, { image: dataUrl(await png(300, 300)) }),
  );
  avatar = saved.json<{ data: { avatar: string } }>().data.avatar;
  listing = await liveListing(owner);
  buyer = await seller(testApp);
});
afterAll(() => testApp.close());

/** The stored file a public address names: the key after MEDIA_PUBLIC_URL, under DATA_DIR/media. */
const storedFileOf = (address: string) =>
  path.join(testApp.dataDir, 'media', ...address.slice(CDN.length + 1).split('/'));
const PHOTO = (size: string) => new RegExp(`^${CDN}/photos/[A-Za-z0-9_-]{22}-${size}\\.webp$`);

describe('with MEDIA_PUBLIC_URL set, public photos and avatars are addressed there', () => {
  it('in a listing’s JSON and in its cards, at every size, naming the stored key', async () => {
    const [photo] = listing.photos;
    expect(photo?.thumb).toMatch(PHOTO('thumb'));
    expect(photo?.card).toMatch(PHOTO('card'));
    expect(photo?.full).toMatch(PHOTO('full'));
    for (const address of [photo?.thumb, photo?.card, photo?.full]) {
      expect(fs.existsSync(storedFileOf(address ?? ''))).toBe(true);
    }
    const viewed = listingOf(await buyer.client.get(`/api/listings/${listing.id}`));
    expect(viewed.photos[0]).toEqual(photo);
    expect(viewed.cover).toEqual(photo);
    expect(viewed.seller.avatar).toBe(avatar);
    const cards = (await buyer.client.get(listingsUrl({ seller: owner.id }))).json<ListingPage>();
    expect(cards.data.find((card) => card.id === listing.id)?.cover).toEqual(photo);
  });

  it('for avatars, in the profile and the signed-in user', async () => {
    expect(avatar).toMatch(new RegExp(`^${CDN}/avatars/[A-Za-z0-9_-]{22}\\.webp$`));
    expect(fs.existsSync(storedFileOf(avatar))).toBe(true);
    expect((await owner.client.get('/user/profile')).json<{ data: { avatar: string } }>().data.avatar).toBe(avatar);
  });

  it('in the product page’s HTML: Open Graph image, Product JSON-LD, the preloaded photo and its first data', async () => {
    const html = (await new BrowserLikeClient(testApp.app).visit(`/items/${listing.id}/${listing.slug}`)).body;
    const full = listing.photos[0]?.full ?? '';
    expect(html).toContain(`<meta property="og:image" content="${full}">`);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      image?: string[];
    };
    expect(ld.image).toEqual([full]);
    expect(html).toContain(`<link rel="preload" as="image" href="${full}" fetchpriority="high">`);
    expect(html).not.toContain('https://market.example/media/');
    expect(html).not.toContain('"/media/photos/');
    const sellerPage = (await new BrowserLikeClient(testApp.app).visit(`/users/${owner.id}`)).body;
    expect(sellerPage).toContain(`<meta property="og:image" content="${avatar}">`);
  });

  it('in order rows and the back-office’s listing rows', async () => {
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    expect(order.listing.thumb).toBe(listing.photos[0]?.thumb);
    type Rows = { id: number; listing: { thumb: string | null } }[];
    const { data } = (await buyer.client.get(`${ORDERS_API.orders}?role=buyer`)).json<{
      data: { action_needed: Rows; waiting: Rows };
    }>();
    const row = [...data.action_needed, ...data.waiting].find((candidate) => candidate.id === order.id);
    expect(row?.listing.thumb).toBe(listing.photos[0]?.thumb);
    const moderator = await staffClient(testApp.app, 'moderator');
    const staffRows = (await moderator.client.get(`/api/admin/listings?seller=${owner.id}`)).json<{
      data: { id: number; thumb: string | null }[];
    }>().data;
    expect(staffRows.find((row) => row.id === listing.id)?.thumb).toBe(listing.photos[0]?.thumb);
  });

  it('and the page may load images from its origin (Content-Security-Policy img-src)', async () => {
    for (const url of ['/', `/api/listings/${listing.id}`]) {
      const csp = (await testApp.app.inject({ method: 'GET', url })).headers['content-security-policy'];
      expect(String(csp)).toMatch(/(?:^|; )img-src 'self' data: blob: https:\/\/cdn\.example\.com(?: |;|$)/);
      expect(String(csp)).toMatch(/(?:^|; )media-src 'self' https:\/\/cdn\.example\.com(?:;|$)/);
    }
  });

  it('while the app still serves them at /media (a CDN may pull from it), until a photo goes', async () => {
    const draft = listingOf(await owner.client.post('/api/listings', {}));
    const photo = await addPhoto(owner.client, draft.id);
    const onTheApp = `/media${photo.card.slice(CDN.length)}`;
    const served = await testApp.app.inject({ method: 'GET', url: onTheApp });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await owner.client.request('DELETE', `/api/listings/${draft.id}/photos/${photo.id}`)).statusCode).toBe(204);
    expect((await testApp.app.inject({ method: 'GET', url: onTheApp })).statusCode).toBe(404);
    expect(fs.existsSync(storedFileOf(photo.card))).toBe(false);
  });
});

describe('chat photos never get a public address', () => {
  it('they stay on the app’s guarded route: the two participants get them, anyone else 404', async () => {
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const conversation = started.json<{ data: Conversation }>().data;
    expect(conversation.listing.cover).toEqual(listing.photos[0]);
    expect(conversation.other.avatar).toBe(avatar);
    const sent = await owner.client.request(
      'POST',
      CHAT_API.photos(conversation.id, `public-url-${Date.now()}`),
      await png(200, 150),
      { headers: { 'content-type': 'image/png' } },
    );
    expect(sent.statusCode).toBe(201);
    const photo = sent.json<{ data: ChatMessage }>().data.photo;
    expect(photo?.card).toMatch(/^\/media\/chat\/[A-Za-z0-9_-]{22}-card\.webp$/);
    expect(photo?.full).toMatch(/^\/media\/chat\/[A-Za-z0-9_-]{22}-full\.webp$/);
    const list = await buyer.client.get(CHAT_API.conversations);
    expect(list.body).not.toContain(`${CDN}/chat/`);
    for (const participant of [owner, buyer]) {
      expect((await participant.client.request('GET', photo?.card ?? '')).statusCode).toBe(200);
    }
    const stranger = await seller(testApp);
    expect((await stranger.client.request('GET', photo?.card ?? '')).statusCode).toBe(404);
    expect((await new BrowserLikeClient(testApp.app).request('GET', photo?.full ?? '')).statusCode).toBe(404);
  });
});

describe('MEDIA_PUBLIC_URL at start-up', () => {
  it('is optional: unset, the app serves public photos itself', () => {
    expect(loadConfig({}).mediaPublicUrl).toBeUndefined();
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://bucket.example.com' }).mediaPublicUrl).toBe(
      'https://bucket.example.com',
    );
  });

  it.each([
    'cdn.example.com/media',
    '/media',
    'ftp://cdn.example.com/media',
    'https://cdn.example.com/media?v=1',
    'https://cdn.example.com/media#top',
    'https://cdn.example.com:99999/media',
  ])('refuses %s with a message that says what to set', (value) => {
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: value })).toThrow(StartupError);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: value })).toThrow(
      `Invalid MEDIA_PUBLIC_URL=${JSON.stringify(value)}: `,
    );
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: value })).toThrow(
      'set MEDIA_PUBLIC_URL to where the public photos are served from, e.g. https://cdn.example.com/media',
    );
  });
});

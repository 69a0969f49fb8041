import fs from 'node:fs';
import path from 'node:path';
import type { Listing, ListingPhoto } from '@marketplace/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import {
  addPhoto,
  categoryBySlug,
  createCatalogueTestApp,
  listingOf,
  liveListing,
  newDraft,
  seller,
  uploadPhoto,
  type Seller,
} from './fixtures/catalogue';
import { animatedGif, html, pixelBombPng, png, rotatedJpegWithExif, svg, truncated, webp } from './fixtures/images';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let phonesId: number;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
  phonesId = (await categoryBySlug(owner.client, 'mobile-phones')).id;
});
afterAll(() => testApp.close());

const visitor = () => new BrowserLikeClient(testApp.app);
const photosOf = async (client: BrowserLikeClient, id: number) =>
  listingOf(await client.get(`/api/listings/${id}`)).photos;
const fetchImage = async (url: string) => {
  const response = await visitor().get(url);
  return { status: response.statusCode, type: response.headers['content-type'], bytes: response.rawPayload };
};
const mediaFiles = () => {
  const folder = path.join(testApp.dataDir, 'media', 'photos');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe('a listing photo', () => {
  it('is kept upright as WebP in three sizes with a blur-up placeholder, with none of the camera’s metadata', async () => {
    const draft = await newDraft(owner.client, phonesId);
    const response = await uploadPhoto(owner.client, draft.id, await rotatedJpegWithExif(2400, 1800));
    expect(response.statusCode).toBe(201);
    const photo = response.json<{ data: ListingPhoto }>().data;
    // EXIF said "turn 90°": the landscape pixels are stored portrait.
    expect([photo.width, photo.height]).toEqual([1200, 1600]);
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]{40,600}$/);
    for (const [url, width] of [
      [photo.thumb, 160],
      [photo.card, 480],
      [photo.full, 1200],
    ] as const) {
      const file = await fetchImage(url);
      expect(file.status).toBe(200);
      expect(file.type).toBe('image/webp');
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(file.bytes.includes(Buffer.from('home address'))).toBe(false);
    }
  });

  it('takes PNG, WebP and the first frame of a GIF, whatever type the request names', async () => {
    const draft = await newDraft(owner.client, phonesId);
    for (const [bytes, type] of [
      [await png(300, 200), 'image/png'],
      [await webp(300, 200), 'image/webp'],
      [await animatedGif(), 'image/gif'],
      [await png(300, 200), 'image/jpeg'],
      [await png(300, 200), 'application/octet-stream'],
    ] as const) {
      expect((await uploadPhoto(owner.client, draft.id, bytes, type)).statusCode).toBe(201);
    }
  });

  it.each([
    ['an SVG with a script, as an image', () => svg, 'image/png', 422, 'The Photos field must be an image'],
    ['an HTML page, as a JPEG', () => html, 'image/jpeg', 422, 'The Photos field must be an image'],
    [
      'half a JPEG',
      async () => truncated(await rotatedJpegWithExif()),
      'image/jpeg',
      422,
      'The Image field could not be read as an image',
    ],
    [
      'a 7000 × 7500 pixel bomb',
      () => pixelBombPng(7000, 7500),
      'image/png',
      422,
      'The Image field must not be larger than 50 megapixels',
    ],
    ['an SVG, as what it is', () => svg, 'image/svg+xml', 422, 'The Photos field must be an image'],
    ['a file of 13 MB', () => Buffer.alloc(13 * 1024 * 1024, 1), 'image/jpeg', 413, undefined],
  ])('refuses %s, storing nothing', async (_label, bytes, type, status, text) => {
    const draft = await newDraft(owner.client, phonesId);
    const filesBefore = mediaFiles().length;
    const response = await uploadPhoto(owner.client, draft.id, await bytes(), type);
    expect(response.statusCode).toBe(status);
    if (text) expect(response.json<{ errors: Record<string, string[]> }>().errors.photos).toEqual([text]);
    expect(await photosOf(owner.client, draft.id)).toEqual([]);
    expect(mediaFiles().length).toBe(filesBefore);
  });

  it('stops at 10 per listing', async () => {
    const draft = await newDraft(owner.client, phonesId);
    const small = await png(64, 64);
    for (let index = 0; index < 10; index += 1) await uploadPhoto(owner.client, draft.id, small, 'image/png');
    const eleventh = await uploadPhoto(owner.client, draft.id, small, 'image/png');
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json<{ errors: Record<string, string[]> }>().errors.photos).toEqual([
      'A listing can have at most 10 photos.',
    ]);
    expect(await photosOf(owner.client, draft.id)).toHaveLength(10);
  });

  it('goes only on its seller’s listings', async () => {
    const other = await seller(testApp);
    const draft = await newDraft(owner.client, phonesId);
    expect((await uploadPhoto(other.client, draft.id, await png(), 'image/png')).statusCode).toBe(404);
    const guest = visitor();
    await guest.visit('/');
    expect((await uploadPhoto(guest, draft.id, await png(), 'image/png')).statusCode).toBe(401);
  });
});

describe('the photos of a listing', () => {
  it('take the order the seller gives; the first is the cover', async () => {
    const draft = await newDraft(owner.client, phonesId);
    const [a, b, c] = [
      await addPhoto(owner.client, draft.id),
      await addPhoto(owner.client, draft.id),
      await addPhoto(owner.client, draft.id),
    ];
    const order = [c?.id, a?.id, b?.id];
    const response = await owner.client.request('PUT', `/api/listings/${draft.id}/photos/order`, { photo_ids: order });
    expect(response.statusCode).toBe(204);
    const listing: Listing = listingOf(await owner.client.get(`/api/listings/${draft.id}`));
    expect(listing.photos.map((photo) => photo.id)).toEqual(order);
    expect(listing.cover?.id).toBe(c?.id);

    const wrong = await owner.client.request('PUT', `/api/listings/${draft.id}/photos/order`, {
      photo_ids: [a?.id, b?.id],
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('can be removed, files and all, but a live listing keeps its last one', async () => {
    const live = await liveListing(owner);
    const [only] = await photosOf(owner.client, live.id);
    const refused = await owner.client.request('DELETE', `/api/listings/${live.id}/photos/${only?.id}`);
    expect(refused.statusCode).toBe(409);
    const second = await addPhoto(owner.client, live.id);
    expect((await owner.client.request('DELETE', `/api/listings/${live.id}/photos/${only?.id}`)).statusCode).toBe(204);
    expect((await fetchImage(only?.card ?? '')).status).toBe(404);
    expect((await photosOf(owner.client, live.id)).map((photo) => photo.id)).toEqual([second.id]);
  });

  it('left behind by an upload that died before its row was written are swept after an hour, chat’s too', async () => {
    const key = 'abandonedabandonedaban';
    const chatKey = 'abandonedchatphotoaban';
    const recent = 'recentchatphotouploadx';
    for (const size of ['thumb', 'card', 'full']) {
      await testApp.app.storage.put(`photos/${key}-${size}.webp`, Buffer.from('x'));
      await testApp.app.storage.put(`chat/${chatKey}-${size}.webp`, Buffer.from('x'));
      await testApp.app.storage.put(`chat/${recent}-${size}.webp`, Buffer.from('x'));
    }
    const hoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    await testApp.database.db
      .insertInto('media_uploads')
      .values([
        { key: `photos/${key}`, created_at: hoursAgo },
        { key: `chat/${chatKey}`, created_at: hoursAgo },
        // Still uploading, perhaps: left alone.
        { key: `chat/${recent}`, created_at: new Date() },
      ])
      .execute();
    const result = await testApp.app.catalogue.tick();
    expect(result.uploadsSwept).toBe(2);
    expect(mediaFiles().filter((file) => file.startsWith(key))).toEqual([]);
    const chatFolder = fs.readdirSync(path.join(testApp.dataDir, 'media', 'chat'));
    expect(chatFolder.filter((file) => file.startsWith(chatKey))).toEqual([]);
    expect(chatFolder.filter((file) => file.startsWith(recent))).toHaveLength(3);
  });
});

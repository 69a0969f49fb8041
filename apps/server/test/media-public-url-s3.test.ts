import { CHAT_API, type ChatMessage, type Conversation } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller } from './fixtures/catalogue';
import { dataUrl, png } from './fixtures/images';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
import { startS3Server, type TestS3Server } from './s3-support';
import type { TestApp } from './test-app';

/**
 * MEDIA_PUBLIC_URL pointed at the bucket itself (s3rver answers anonymous reads, as a public bucket
 * or a CDN in front of it does): the address the app writes is the object the upload put there.
 */
let s3: TestS3Server;
let testApp: TestApp;
let bucketUrl: string;
beforeAll(async () => {
  s3 = await startS3Server();
  bucketUrl = `${s3.env.S3_ENDPOINT}/${s3.bucket}`;
  testApp = await createCatalogueTestApp({ ...s3.env, MEDIA_PUBLIC_URL: bucketUrl });
});
afterAll(async () => {
  await testApp.close();
  await s3.close();
});

describe('with MEDIA_STORAGE=s3 and MEDIA_PUBLIC_URL at the bucket', () => {
  it('a listing photo’s every size loads from the bucket at the address the API gives, kept for a year by any cache', async () => {
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    const [photo] = listing.photos;
    for (const address of [photo?.thumb ?? '', photo?.card ?? '', photo?.full ?? '']) {
      expect(address.startsWith(`${bucketUrl}/photos/`)).toBe(true);
      expect(await s3.keys()).toContain(address.slice(bucketUrl.length + 1));
      const fromBucket = await fetch(address);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get('content-type')).toBe('image/webp');
      expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // The same bytes the app serves at its own address for that key.
      const fromApp = await testApp.app.inject({ method: 'GET', url: `/media${address.slice(bucketUrl.length)}` });
      expect(Buffer.from(await fromBucket.arrayBuffer()).equals(fromApp.rawPayload)).toBe(true);
    }
  });

  it('an avatar loads from the bucket too', async () => {
    const { client } = await signedInClient(testApp.app);
    const dubai = cityNamed(await fetchCities(client), 'Dubai');
    const saved = await client.put('/user/profile', validProfileUpdate(dubai, { image: dataUrl(await png(300, 300)) }));
    const { avatar } = saved.json<{ data: { avatar: string } }>().data;
    expect(avatar.startsWith(`${bucketUrl}/avatars/`)).toBe(true);
    const fromBucket = await fetch(avatar);
    expect(fromBucket.status).toBe(200);
    expect(
      Buffer.from(await fromBucket.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
  });

  it('a chat photo is in the bucket but addressed only on the app’s guarded route, and marked private there', async () => {
    const owner = await seller(testApp);
    const buyer = await seller(testApp);
    const listing = await liveListing(owner);
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const { id } = started.json<{ data: Conversation }>().data;
    const sent = await owner.client.request(
      'POST',
      CHAT_API.photos(id, `s3-public-${Date.now()}`),
      await png(120, 90),
      {
        headers: { 'content-type': 'image/png' },
      },
    );
    expect(sent.statusCode).toBe(201);
    const card = sent.json<{ data: ChatMessage }>().data.photo?.card ?? '';
    expect(card).toMatch(/^\/media\/chat\/[A-Za-z0-9_-]{22}-card\.webp$/);
    const key = card.slice('/media/'.length);
    expect(await s3.keys()).toContain(key);
    expect((await fetch(`${bucketUrl}/${key}`)).headers.get('cache-control')).toBe(
      'private, max-age=31536000, immutable',
    );
    expect((await buyer.client.request('GET', card)).statusCode).toBe(200);
    expect((await (await seller(testApp)).client.request('GET', card)).statusCode).toBe(404);
  });
});

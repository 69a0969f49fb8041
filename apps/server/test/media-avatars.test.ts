import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, type City, type Profile } from '@marketplace/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type BrowserLikeClient } from './browser-like-client';
import {
  animatedGif,
  dataUrl,
  html,
  noisyPng,
  pixelBombPng,
  png,
  rotatedJpegWithExif,
  svg,
  truncated,
  webp,
} from './fixtures/images';
import { cityNamed, createProfileTestApp, fetchCities, readProfile, validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

let testApp: TestApp;
let dubai: City;
beforeAll(async () => {
  testApp = await createProfileTestApp();
  dubai = cityNamed(await fetchCities((await signedInClient(testApp.app)).client), 'Dubai');
});
afterAll(() => testApp.close());

const AVATAR_URL = /^\/media\/avatars\/[A-Za-z0-9_-]{22}\.webp$/;

async function upload(client: BrowserLikeClient, image: string | null | undefined) {
  return client.put('/user/profile', validProfileUpdate(dubai, { image }));
}

async function uploadedAvatar(client: BrowserLikeClient, image: string): Promise<{ url: string; bytes: Buffer }> {
  const response = await upload(client, image);
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json<{ data: Profile }>().data.avatar ?? '';
  expect(url).toMatch(AVATAR_URL);
  const file = await testApp.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  return { url, bytes: file.rawPayload };
}

describe('uploading an avatar', () => {
  it('stores it as a WebP of at most 512×512, served from a stable, immutable URL', async () => {
    const { client } = await signedInClient(testApp.app);
    const response = await upload(client, dataUrl(await png(1024, 768)));
    const url = response.json<{ data: Profile }>().data.avatar ?? '';
    const file = await testApp.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect((await client.get('/user')).json<{ data: { avatar: string } }>().data.avatar).toBe(url);
  });

  it.each([
    ['a PNG', async () => dataUrl(await png(), 'image/png')],
    ['a JPEG', async () => dataUrl(await rotatedJpegWithExif(), 'image/jpeg')],
    ['a WebP', async () => dataUrl(await webp(), 'image/webp')],
    ['a GIF', async () => dataUrl(await animatedGif(), 'image/gif')],
    ['a PNG declared as text', async () => dataUrl(await png(), 'text/plain')],
  ])('accepts %s, recognised by its bytes', async (_label, image) => {
    const { client } = await signedInClient(testApp.app);
    const { bytes } = await uploadedAvatar(client, await image());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('turns a phone photo upright and strips its metadata', async () => {
    const { client } = await signedInClient(testApp.app);
    const { bytes } = await uploadedAvatar(client, dataUrl(await rotatedJpegWithExif(800, 600), 'image/jpeg'));
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ width: 384, height: 512 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('private camera owner');
  });

  it('keeps the first frame of an animation and does not enlarge small pictures', async () => {
    const { client } = await signedInClient(testApp.app);
    const { bytes } = await uploadedAvatar(client, dataUrl(await animatedGif(), 'image/gif'));
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ width: 40, height: 40 });
    expect(stored.pages ?? 1).toBe(1);
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(50);
  });

  it('accepts a file of almost 5 MiB', async () => {
    const image = await noisyPng(1200, 1400);
    expect(image.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(image.length).toBeLessThanOrEqual(AVATAR_MAX_BYTES);
    const { client } = await signedInClient(testApp.app);
    await uploadedAvatar(client, dataUrl(image));
  });

  it('keeps the current avatar when image is null or missing', async () => {
    const { client } = await signedInClient(testApp.app);
    const { url } = await uploadedAvatar(client, dataUrl(await png()));
    for (const image of [null, undefined]) {
      const response = await upload(client, image);
      expect(response.json<{ data: Profile }>().data.avatar).toBe(url);
    }
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('gives a new upload a new URL and deletes the replaced file', async () => {
    const { client } = await signedInClient(testApp.app);
    const first = await uploadedAvatar(client, dataUrl(await png(64, 64, '#ff0000')));
    const second = await uploadedAvatar(client, dataUrl(await png(64, 64, '#0000ff')));
    expect(second.url).not.toBe(first.url);
    const old = await testApp.app.inject({ method: 'GET', url: first.url, headers: { accept: 'application/json' } });
    expect(old.statusCode).toBe(404);
  });
});

const fiveMiBAndOneByte = async () => {
  const image = await png();
  return Buffer.concat([image, Buffer.alloc(AVATAR_MAX_BYTES + 1 - image.length)]);
};

describe('refusing what is not a safe image: 422 on image, the current avatar kept', () => {
  it.each([
    ['an SVG', () => dataUrl(svg, 'image/svg+xml'), 'The Image field must be an image'],
    ['HTML renamed .png', () => dataUrl(html, 'image/png'), 'The Image field must be an image'],
    ['plain text', () => dataUrl(Buffer.from('hello'), 'image/jpeg'), 'The Image field must be an image'],
    ['a URL instead of the picture', () => 'https://example.com/me.png', 'Image is not valid.'],
    ['a data URL that is not base64', () => 'data:image/png,%89PNG', 'The Image field must be an image'],
    ['broken base64', () => 'data:image/png;base64,iVBOR@@@', 'The Image field must be an image'],
    [
      'a file of 5 MiB and 1 byte',
      async () => dataUrl(await fiveMiBAndOneByte()),
      'The Image field size must be less than 5120KB',
    ],
    [
      'a file of 5.1 MiB, which still fits in the request',
      async () => dataUrl(Buffer.concat([await png(), Buffer.alloc(5.1 * 1024 * 1024)])),
      'The Image field size must be less than 5120KB',
    ],
    [
      'a pixel bomb: 49 megapixels in 50 KB',
      () => dataUrl(pixelBombPng(7000, 7000)),
      'The Image field must not be larger than 40 megapixels',
    ],
    [
      'a truncated PNG',
      async () => dataUrl(truncated(await noisyPng(200, 200))),
      'The Image field could not be read as an image',
    ],
    [
      'a truncated JPEG',
      async () =>
        dataUrl(
          truncated(
            await sharp({
              create: { width: 600, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian' } },
            })
              .jpeg()
              .toBuffer(),
          ),
        ),
      'The Image field could not be read as an image',
    ],
    [
      'a GIF header on a PNG',
      async () => dataUrl(Buffer.concat([Buffer.from('GIF89a'), await png()])),
      'The Image field could not be read as an image',
    ],
    [
      'a PNG signature on garbage',
      async () => dataUrl(Buffer.concat([(await png()).subarray(0, 8), Buffer.from('not really a png at all')])),
      'The Image field could not be read as an image',
    ],
  ])('refuses %s', async (_label, image, message) => {
    const { client } = await signedInClient(testApp.app);
    const { url } = await uploadedAvatar(client, dataUrl(await png()));
    const before = await readProfile(client);
    const response = await upload(client, await image());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { image: [message] } });
    expect(await readProfile(client)).toEqual(before);
    expect(before.avatar).toBe(url);
  });

  it('answers a body far over the limit with 413 and a message, not 500', async () => {
    const { client } = await signedInClient(testApp.app);
    const response = await upload(client, dataUrl(Buffer.alloc(9 * 1024 * 1024)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.stringMatching(/too large/i) as string });
  });
});

describe('avatar files', () => {
  it('two uploads at once leave one avatar, and the folder holds exactly the avatars in use', async () => {
    const { client } = await signedInClient(testApp.app);
    const responses = await Promise.all(
      ['#123456', '#654321'].map(async (color) => upload(client, dataUrl(await png(64, 64, color)))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const current = (await readProfile(client)).avatar ?? '';
    expect((await testApp.app.inject({ method: 'GET', url: current })).statusCode).toBe(200);

    const keys = await testApp.database.db
      .selectFrom('users')
      .select('avatar_key')
      .where('avatar_key', 'is not', null)
      .execute();
    const files = fs.readdirSync(path.join(testApp.dataDir, 'media', 'avatars'));
    expect(files.sort()).toEqual(keys.map((row) => `${row.avatar_key ?? ''}.webp`).sort());
  });
});

describe('GET /media/avatars/:file', () => {
  it.each([
    'AAAAAAAAAAAAAAAAAAAAAA.webp',
    'AAAAAAAAAAAAAAAAAAAAAA.png',
    'short.webp',
    '..%2F..%2Fdb%2Fserver.lock',
    '..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'AAAAAAAAAAAAAAAAAAAAAA.webp.partial',
  ])('answers 404 JSON for %s', async (file) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/media/avatars/${file}`,
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });

  it('serves an avatar to anyone, signed in or not, as pictures on listings are', async () => {
    const { client } = await signedInClient(testApp.app);
    const { url, bytes } = await uploadedAvatar(client, dataUrl(await png()));
    const anonymous = await testApp.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.rawPayload.equals(bytes)).toBe(true);
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ListingPhoto } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/plugins/storage-s3';
import { LocalFolderStorage } from '../src/plugins/storage-local-folder';
import type { MediaStorage } from '../src/plugins/storage';
import { signedInClient } from './browser-like-client';
import { addPhoto, categoryBySlug, createCatalogueTestApp, newDraft, seller } from './fixtures/catalogue';
import { png, dataUrl } from './fixtures/images';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
import { startS3Server, type TestS3Server } from './s3-support';
import type { TestApp } from './test-app';

let s3: TestS3Server;
let testApp: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  testApp = await createCatalogueTestApp(s3.env);
});
afterAll(async () => {
  await testApp.close();
  await s3.close();
});

const localFiles = () => {
  const folder = path.join(testApp.dataDir, 'media');
  return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String) : [];
};
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('both stores keep the same promises', () => {
  const stores: [string, () => MediaStorage][] = [
    ['the local folder', () => new LocalFolderStorage(path.join(testApp.dataDir, 'contract'))],
    [
      'an S3 bucket',
      () =>
        new S3Storage({
          bucket: s3.bucket,
          region: 'us-east-1',
          endpoint: s3.env.S3_ENDPOINT,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        }),
    ],
  ];
  it.each(stores)('%s: put, get, nothing for a missing key, delete twice, no key that climbs out', async (_, make) => {
    const store = make();
    await store.put('contract/ab/photo-card.webp', Buffer.from('bytes'));
    expect((await store.get('contract/ab/photo-card.webp'))?.toString()).toBe('bytes');
    expect(await store.get('contract/ab/missing-card.webp')).toBeUndefined();
    await store.delete('contract/ab/photo-card.webp');
    await store.delete('contract/ab/photo-card.webp');
    expect(await store.get('contract/ab/photo-card.webp')).toBeUndefined();
    await expect(store.put('../outside.webp', Buffer.from('x'))).rejects.toThrow('Not a media key');
  });
});

describe('with MEDIA_STORAGE=s3', () => {
  it('keeps a listing’s photos in the bucket, serves them through the app, and deletes them with the photo', async () => {
    const owner = await seller(testApp);
    const draft = await newDraft(owner.client, (await categoryBySlug(owner.client, 'mobile-phones')).id);
    const photo: ListingPhoto = await addPhoto(owner.client, draft.id);
    const keys = await s3.keys();
    expect(keys.filter((key) => key.startsWith('photos/'))).toEqual(
      expect.arrayContaining([expect.stringContaining(fileOf(photo.card).replace('-card.webp', ''))]),
    );
    const served = await testApp.app.inject({ method: 'GET', url: photo.card });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(localFiles().filter((file) => file.endsWith('.webp'))).toEqual([]);

    expect((await owner.client.request('DELETE', `/api/listings/${draft.id}/photos/${photo.id}`)).statusCode).toBe(204);
    expect((await testApp.app.inject({ method: 'GET', url: photo.card })).statusCode).toBe(404);
    const stem = fileOf(photo.card).replace('-card.webp', '');
    expect((await s3.keys()).filter((key) => key.includes(stem))).toEqual([]);
  });

  it('keeps an avatar in the bucket, and a new one replaces it there', async () => {
    const { client } = await signedInClient(testApp.app);
    const dubai = cityNamed(await fetchCities(client), 'Dubai');
    const first = await client.put('/user/profile', validProfileUpdate(dubai, { image: dataUrl(await png(300, 300)) }));
    const firstUrl = first.json<{ data: { avatar: string } }>().data.avatar;
    expect(await s3.keys()).toContain(`avatars/${fileOf(firstUrl)}`);
    const second = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, { image: dataUrl(await png(200, 200)) }),
    );
    const secondUrl = second.json<{ data: { avatar: string } }>().data.avatar;
    expect((await testApp.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);
    const avatars = (await s3.keys()).filter((key) => key.startsWith('avatars/'));
    expect(avatars).toContain(`avatars/${fileOf(secondUrl)}`);
    expect(avatars).not.toContain(`avatars/${fileOf(firstUrl)}`);
  });

  it('sweeps from the bucket the files of uploads that died before their row was written', async () => {
    const key = 'abandoneds3uploadabcde';
    for (const size of ['thumb', 'card', 'full'])
      await testApp.app.storage.put(`photos/${key}-${size}.webp`, Buffer.from('x'));
    await testApp.database.db
      .insertInto('media_uploads')
      .values({ key: `photos/${key}`, created_at: new Date(Date.now() - 2 * 3600 * 1000) })
      .execute();
    await testApp.app.catalogue.tick();
    expect((await s3.keys()).filter((stored) => stored.includes(key))).toEqual([]);
  });
});

describe('npm run media:to-s3', () => {
  it('copies a data folder’s media into the bucket under the same keys, once, and leaves out what is no upload', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-move-'));
    const media = path.join(dataDir, 'media');
    fs.mkdirSync(path.join(media, 'photos'), { recursive: true });
    fs.mkdirSync(path.join(media, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(media, 'photos/movedphoto-card.webp'), 'card');
    fs.writeFileSync(path.join(media, 'avatars/movedavatar.webp'), 'avatar');
    fs.writeFileSync(path.join(media, 'photos/movedphoto-card.webp.1a2b.partial'), 'half');
    const env = { ...s3.env, DATA_DIR: dataDir };
    try {
      const first = await runNode(['--import', 'tsx', path.join(import.meta.dirname, '../src/media-to-s3.ts')], env);
      expect(first).toMatchObject({ status: 0 });
      expect(first.stdout).toContain('Copied 2 files into the bucket marketplace-media; 0 were there already; 1 files');
      expect(await s3.keys()).toEqual(
        expect.arrayContaining(['photos/movedphoto-card.webp', 'avatars/movedavatar.webp']),
      );
      expect((await testApp.app.storage.get('avatars/movedavatar.webp'))?.toString()).toBe('avatar');
      const again = await runNode(['--import', 'tsx', path.join(import.meta.dirname, '../src/media-to-s3.ts')], env);
      expect(again.stdout).toContain('Copied 0 files into the bucket marketplace-media; 2 were there already');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function runNode(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env } });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

import fs from 'node:fs';
import path from 'node:path';
import type { AdminWelcomeVideo, WelcomeVideo } from '@marketplace/contracts/welcome-video';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WELCOME_VIDEO } from '../src/modules/welcome-video/default-files';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { png, svg } from './fixtures/images';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The welcome video (issue 31, decision 041): the committed files until staff replace one, each
 * replacement checked by its bytes and its size, stored in the media store and served from it,
 * audited, and put back; the back-office's routes are a 404 to everyone but staff.
 */

let testApp: TestApp;
let admin: StaffClient;

const committed = (url: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../web/public', url.replace(/^\//, '')));
const webm = committed(DEFAULT_WELCOME_VIDEO.webm);
const mp4 = committed(DEFAULT_WELCOME_VIDEO.mp4);
const vtt = committed(DEFAULT_WELCOME_VIDEO.captionsAr);

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  admin = await staffClient(testApp.app, 'admin');
});
afterAll(() => testApp.close());

const upload = (client: BrowserLikeClient, part: string, bytes: Buffer, type = 'application/octet-stream') =>
  client.request('PUT', `/api/admin/welcome-video/${part}`, bytes, { headers: { 'content-type': type } });
const current = async () =>
  (await new BrowserLikeClient(testApp.app).get('/api/welcome-video')).json<{ data: WelcomeVideo }>().data;
const auditRows = () =>
  testApp.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('target_type', '=', 'welcome_video')
    .orderBy('id')
    .execute();
const fieldError = (response: LightMyRequestResponse) => response.json<{ errors: { file: string[] } }>().errors.file[0];

describe('the welcome video', () => {
  it('is the committed files until replaced, and a visitor’s home page carries their addresses', async () => {
    expect(await current()).toEqual({
      webm: DEFAULT_WELCOME_VIDEO.webm,
      mp4: DEFAULT_WELCOME_VIDEO.mp4,
      poster: DEFAULT_WELCOME_VIDEO.poster,
      captions: { en: DEFAULT_WELCOME_VIDEO.captionsEn, ar: DEFAULT_WELCOME_VIDEO.captionsAr },
    });
    const pageData = (body: string) =>
      JSON.parse(/<script id="page-data" type="application\/json">([^<]*)<\/script>/.exec(body)?.[1] ?? '{}') as Record<
        string,
        unknown
      >;
    const visitor = await new BrowserLikeClient(testApp.app).visit('/');
    expect(pageData(visitor.body)['/api/welcome-video']).toEqual({ data: await current() });
    const { client } = await signedInClient(testApp.app);
    expect(pageData((await client.visit('/')).body)['/api/welcome-video']).toBeUndefined();
  });

  it('takes a video by its bytes, serves it from the media store, replaces it and puts the committed one back, audited', async () => {
    const first = await upload(admin.client, 'webm', webm, 'text/plain');
    expect(first.statusCode, first.body).toBe(200);
    const address = first.json<{ data: AdminWelcomeVideo }>().data.files.webm;
    expect(address).toMatch(/^\/media\/welcome\/[\w-]{22}\.webm$/);
    expect(first.json<{ data: AdminWelcomeVideo }>().data.replaced).toEqual(['webm']);
    expect((await current()).webm).toBe(address);

    const visitor = new BrowserLikeClient(testApp.app);
    const served = await visitor.get(address);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.equals(webm)).toBe(true);
    const part = await testApp.app.inject({ method: 'GET', url: address, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${webm.length}`);
    expect(part.rawPayload.equals(webm.subarray(0, 100))).toBe(true);

    const second = await upload(admin.client, 'webm', webm);
    expect(second.statusCode).toBe(200);
    expect((await visitor.get(address)).statusCode).toBe(404);
    const reset = await admin.client.request('DELETE', '/api/admin/welcome-video/webm');
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await current()).webm).toBe(DEFAULT_WELCOME_VIDEO.webm);
    expect((await visitor.get(second.json<{ data: AdminWelcomeVideo }>().data.files.webm)).statusCode).toBe(404);

    const rows = await auditRows();
    expect(rows.map((row) => row.action)).toEqual([
      'welcome_video.replace',
      'welcome_video.replace',
      'welcome_video.reset',
    ]);
    expect(rows[0]).toMatchObject({
      actor_id: admin.user.id,
      before: { part: 'webm', file: 'committed' },
      after: { part: 'webm', bytes: webm.length },
    });
    expect(rows[2]?.after).toEqual({ part: 'webm', file: 'committed' });
  });

  it('takes MP4, captions and a poster (through the photo pipeline)', async () => {
    expect((await upload(admin.client, 'mp4', mp4)).statusCode).toBe(200);
    expect(
      (await upload(admin.client, 'captions_en', Buffer.from('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nHi\n')))
        .statusCode,
    ).toBe(200);
    const captions = await upload(admin.client, 'captions_ar', vtt);
    const files = captions.json<{ data: AdminWelcomeVideo }>().data.files;
    const served = await new BrowserLikeClient(testApp.app).get(files.captions.ar);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.body).toBe(vtt.toString('utf8'));

    const poster = await upload(admin.client, 'poster', await png(960, 540), 'image/png');
    expect(poster.statusCode, poster.body).toBe(200);
    const address = poster.json<{ data: AdminWelcomeVideo }>().data.files.poster;
    expect(address).toMatch(/^\/media\/photos\/[\w-]{22}-full\.webp$/);
    expect((await new BrowserLikeClient(testApp.app).get(address)).headers['content-type']).toBe('image/webp');
    for (const part of ['mp4', 'captions_en', 'captions_ar', 'poster']) {
      expect((await admin.client.request('DELETE', `/api/admin/welcome-video/${part}`)).statusCode).toBe(200);
    }
  });

  it('refuses a file whose bytes are not its kind, or too large, naming the file field', async () => {
    const wrong: [string, Buffer][] = [
      ['webm', mp4],
      ['webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from('matroska')])],
      ['mp4', webm],
      ['mp4', Buffer.from('not a video at all, ftyp later')],
      ['captions_en', Buffer.from('WEBVTTX\n')],
      ['captions_ar', Buffer.from([...Buffer.from('WEBVTT\n\n'), 0xff, 0xfe])],
      ['captions_en', webm],
      ['poster', svg],
      ['poster', webm],
      ['webm', Buffer.alloc(0)],
    ];
    for (const [part, bytes] of wrong) {
      const response = await upload(admin.client, part, bytes);
      expect(response.statusCode, `${part}: ${response.body}`).toBe(422);
      expect(fieldError(response)).toBeTruthy();
    }
    const big = Buffer.concat([webm, Buffer.alloc(8 * 1024 * 1024)]);
    const tooLarge = await upload(admin.client, 'webm', big);
    expect(tooLarge.statusCode).toBe(422);
    expect(fieldError(tooLarge)).toMatch(/8192/);
    const captions = await upload(
      admin.client,
      'captions_en',
      Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(70_000, 0x41)]),
    );
    expect(captions.statusCode).toBe(422);
    expect((await upload(admin.client, 'poster', Buffer.alloc(13 * 1024 * 1024))).statusCode).toBe(413);
    expect(await auditRows()).toHaveLength(3 + 8);
    expect((await current()).webm).toBe(DEFAULT_WELCOME_VIDEO.webm);
  });

  it('is a 404 to anyone but staff, a 403 to a moderator, and a part that is none is a 404', async () => {
    const { client: member } = await signedInClient(testApp.app);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    for (const client of [member, visitor]) {
      expect((await client.get('/api/admin/welcome-video')).statusCode).toBe(404);
      expect((await upload(client, 'webm', webm)).statusCode).toBe(404);
      expect((await client.request('DELETE', '/api/admin/welcome-video/webm')).statusCode).toBe(404);
    }
    const moderator = await staffClient(testApp.app, 'moderator');
    expect((await upload(moderator.client, 'webm', webm)).statusCode).toBe(403);
    expect((await upload(admin.client, 'flv', webm)).statusCode).toBe(404);
    expect((await admin.client.get('/api/admin/welcome-video')).statusCode).toBe(200);
  });
});

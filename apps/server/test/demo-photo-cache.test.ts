import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DemoPhotoPool } from '../src/db/demo-catalogue/photo-pool';
import type { DemoPhoto } from '../src/db/demo-catalogue/plan-demo-catalogue';

const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-photo-cache-'));
afterAll(() => fs.rmSync(cacheRoot, { recursive: true, force: true }));

const photos: DemoPhoto[] = [
  { kind: 'chair', variant: 0, view: 'whole' },
  { kind: 'chair', variant: 0, view: 'closer' },
];

describe('the demo photos kept between fresh data dirs (decision 035)', { timeout: 60_000 }, () => {
  it('draws them once in a child process, and a second seed reads the same files', async () => {
    const first = new DemoPhotoPool(cacheRoot);
    first.prepare(photos);
    const drawn = await Promise.all(photos.map((photo) => first.get(photo)));
    expect(drawn.map((photo) => [photo.width, photo.height])).toEqual([
      [1200, 900],
      [960, 720],
    ]);
    expect((await sharp(drawn[0]?.files.card).metadata()).format).toBe('webp');
    expect(drawn[0]?.placeholder).toMatch(/^data:image\/webp;base64,/);

    const [folder] = fs.readdirSync(cacheRoot);
    const files = fs.readdirSync(path.join(cacheRoot, folder ?? '')).sort();
    expect(files).toEqual(['chair-0-closer', 'chair-0-whole']);
    const written = fs.statSync(path.join(cacheRoot, folder ?? '', 'chair-0-whole', 'full.webp')).mtimeMs;

    const again = await Promise.all(photos.map((photo) => new DemoPhotoPool(cacheRoot).get(photo)));
    expect(again).toEqual(drawn);
    expect(fs.statSync(path.join(cacheRoot, folder ?? '', 'chair-0-whole', 'full.webp')).mtimeMs).toBe(written);
  });
});

// Photo upload-to-visible time: from a seller's upload of a listing photo until its public address
// (the card size, as the API gives it) answers 200, with MEDIA_STORAGE=local (DATA_DIR/media) and
// with MEDIA_STORAGE=s3 against s3rver (the local S3-compatible server the tests use). One seller,
// one upload at a time, as a person adds photos. Run: npm run bench:media-upload. Env: PHOTOS (per
// store, default 20), PHOTO_SIZE (the JPEG's long side in px, default 2000: a phone photo's, scaled).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LISTING_LIMITS } from '@marketplace/contracts';
import sharp from 'sharp';
import { startS3Server } from '../apps/server/test/s3-support.ts';
import { call, percentile, signedInUser, startBenchServer } from './bench-http.mjs';

const photos = Number(process.env.PHOTOS ?? 20);
const longSide = Number(process.env.PHOTO_SIZE ?? 2000);

/** A photo with a camera's noise (a flat colour would compress to nothing): ~1 MB at 2000 px. */
const jpeg = await sharp({
  create: {
    width: longSide,
    height: Math.round((longSide * 3) / 4),
    channels: 3,
    noise: { type: 'gaussian', mean: 120, sigma: 40 },
  },
})
  .jpeg({ quality: 82 })
  .toBuffer();

async function uploadToVisible(storage) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-media-'));
  const s3 = storage === 's3' ? await startS3Server() : undefined;
  const server = startBenchServer(dataDir, { ...s3?.env, PHOTO_UPLOADS_PER_HOUR: '100000' });
  try {
    const base = `http://127.0.0.1:${await server.port}`;
    // A draft and its photos need no verified address (publishing would).
    const seller = await signedInUser(base, 0);
    const upload = [];
    const visible = [];
    let draft;
    for (let index = 0; index < photos; index += 1) {
      if (index % LISTING_LIMITS.photosMax === 0)
        draft = (await call(base, seller, 'POST', '/api/listings', {})).data.id;
      const started = performance.now();
      const response = await fetch(`${base}/api/listings/${draft}/photos`, {
        method: 'POST',
        headers: { ...seller, 'content-type': 'image/jpeg' },
        body: jpeg,
      });
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
      const { card } = (await response.json()).data;
      upload.push(performance.now() - started);
      // The first 200 at its public address (a 404 would be a store that is not there yet: asked again).
      for (let attempt = 0; ; attempt += 1) {
        const photo = await fetch(new URL(card, base));
        await photo.arrayBuffer();
        if (photo.status === 200) break;
        if (attempt === 100) throw new Error(`${card}: ${photo.status}`);
      }
      visible.push(performance.now() - started);
    }
    return { storage, upload, visible };
  } finally {
    await server.stop();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const storage of ['local', 's3']) results.push(await uploadToVisible(storage));

const cpus = os.cpus();
console.log(
  `machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `${photos} photos per store, ${longSide} px JPEG of ${Math.round(jpeg.length / 1024)} KiB; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
const ms = (values, p) =>
  `${Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    ),
  )} ms`;
console.log('| MEDIA_STORAGE | upload answered: median | p90 | visible (card 200): median | p90 |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const { storage, upload, visible } of results) {
  console.log(`| ${storage} | ${ms(upload, 50)} | ${ms(upload, 90)} | ${ms(visible, 50)} | ${ms(visible, 90)} |`);
}

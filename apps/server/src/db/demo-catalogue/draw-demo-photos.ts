// The demo catalogue's photo painter, run as a short-lived child process (photo-pool.ts): drawing and
// encoding a hundred photos spreads libvips' work over many threads, and the memory their malloc
// arenas keep once done (~160-190 MiB) then goes away with this process instead of staying with
// the server for as long as it runs (issue 34). Draws each photo given into the cache folder, one
// folder per photo moved into place whole, and writes `drawn <key>` on stdout as each is there.
// Usage: node draw-demo-photos.js <cache folder> '<JSON list of {kind, variant, views}>'
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { encodePhoto, type PhotoPixels } from '../../modules/media';
import { renderDemoPhotoPixels, type DemoPhotoKind } from '../demo-photos';
import { cachedPhotoFolder, type Drawing } from './drawn-photo-cache';
import { taskLimit } from './task-limit';

/** The closer view: the middle of the picture at 960×720, as a second shot taken a step nearer. */
const CLOSER = { left: 120, top: 130, width: 960, height: 720 } as const;
/** Demo photos are encoded at first start: 30% of the default effort's time, for files ~20% larger. */
const WEBP_EFFORT = 1;

async function closer(pixels: PhotoPixels): Promise<PhotoPixels> {
  const { width, height, channels } = pixels;
  const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
    .extract(CLOSER)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function draw(cacheDir: string, { kind, variant, views }: Drawing): Promise<void> {
  // The pixels (3 MB a drawing) live only as long as this task.
  const pixels = await renderDemoPhotoPixels(kind as DemoPhotoKind, variant);
  await Promise.all(
    views.map(async (view) => {
      const photo = await encodePhoto(view === 'whole' ? pixels : await closer(pixels), { effort: WEBP_EFFORT });
      const folder = cachedPhotoFolder(cacheDir, { kind, variant, view });
      const staging = `${folder}.${process.pid}.new`;
      fs.rmSync(staging, { recursive: true, force: true });
      fs.mkdirSync(staging, { recursive: true });
      for (const [size, bytes] of Object.entries(photo.files))
        fs.writeFileSync(path.join(staging, `${size}.webp`), bytes);
      const { width, height, placeholder } = photo;
      fs.writeFileSync(path.join(staging, 'photo.json'), JSON.stringify({ width, height, placeholder }));
      try {
        fs.renameSync(staging, folder);
      } catch (error) {
        // Another process drew the same photo (the same bytes) first: keep its folder.
        fs.rmSync(staging, { recursive: true, force: true });
        if (!fs.existsSync(path.join(folder, 'photo.json'))) throw error;
      }
      process.stdout.write(`drawn ${kind}/${variant}/${view}\n`);
    }),
  );
}

const [cacheDir, list] = process.argv.slice(2);
if (!cacheDir || !list) {
  process.stderr.write('Usage: draw-demo-photos <cache folder> <JSON list of drawings>\n');
  process.exit(2);
}
const drawings = JSON.parse(list) as Drawing[];
fs.mkdirSync(cacheDir, { recursive: true });
const limit = taskLimit(availableParallelism() + 1);
await Promise.all(drawings.map((drawing) => limit(() => draw(cacheDir, drawing))));

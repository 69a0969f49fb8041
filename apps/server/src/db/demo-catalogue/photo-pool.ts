import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { encodePhoto, type PhotoPixels, type PreparedPhoto } from '../../modules/media';
import { renderDemoPhotoPixels } from '../demo-photos';
import type { DemoPhoto } from './plan-demo-catalogue';
import { taskLimit } from './task-limit';

/** The closer view: the middle of the picture at 960×720, as a second shot taken a step nearer. */
const CLOSER = { left: 120, top: 130, width: 960, height: 720 } as const;
/** Demo photos are encoded at first start: 30% of the default effort's time, for files ~20% larger. */
const WEBP_EFFORT = 1;

const keyOf = (photo: DemoPhoto) => `${photo.kind}/${photo.variant}/${photo.view}`;

/**
 * The demo catalogue's photos, each drawn and encoded once (a few hundred ms of CPU) however many
 * listings show it: listings get copies of these files under keys of their own. Work starts in the
 * background as soon as it is known to be needed, a few at a time, in the order asked for.
 */
export class DemoPhotoPool {
  private readonly photos = new Map<string, Promise<PreparedPhoto>>();
  private readonly limit = taskLimit(availableParallelism() + 1);

  /** Starts on every photo of `photos` not started yet: each drawing once, for all the views asked of it. */
  prepare(photos: readonly DemoPhoto[]): void {
    const drawings = new Map<string, DemoPhoto[]>();
    for (const photo of photos) {
      if (this.photos.has(keyOf(photo))) continue;
      const drawing = `${photo.kind}/${photo.variant}`;
      const views = drawings.get(drawing) ?? [];
      if (!views.some((view) => keyOf(view) === keyOf(photo))) views.push(photo);
      drawings.set(drawing, views);
    }
    for (const views of drawings.values()) {
      const [first] = views;
      if (!first) continue;
      // The pixels (3 MB a drawing) live only as long as this task.
      const encoded = this.limit(async () => {
        const pixels = await renderDemoPhotoPixels(first.kind, first.variant);
        return Promise.all(
          views.map(async (view) =>
            encodePhoto(view.view === 'whole' ? pixels : await closer(pixels), { effort: WEBP_EFFORT }),
          ),
        );
      });
      views.forEach((view, index) => {
        const photo = encoded.then((all) => all[index] ?? Promise.reject(new Error(`${keyOf(view)} not encoded`)));
        // Awaited later by whoever needs it; until then a failure must not count as unhandled.
        void photo.catch(() => undefined);
        this.photos.set(keyOf(view), photo);
      });
    }
  }

  get(photo: DemoPhoto): Promise<PreparedPhoto> {
    if (!this.photos.has(keyOf(photo))) this.prepare([photo]);
    return this.photos.get(keyOf(photo)) ?? Promise.reject(new Error(`${keyOf(photo)} was not prepared`));
  }
}

async function closer(pixels: PhotoPixels): Promise<PhotoPixels> {
  const { width, height, channels } = pixels;
  const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
    .extract(CLOSER)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

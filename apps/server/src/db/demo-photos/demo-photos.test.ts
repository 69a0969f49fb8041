import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_PHOTO_KINDS, renderDemoPhoto, type DemoPhotoKind } from './index';

const VARIANTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The drawings are compared at a quarter of their size (a sixteenth of the pixels to develop): what
 * the comparisons read is the photo shrunk to 16×12, the same from 300×225 as from 1200×900. Each is
 * rendered once for the whole file: the tests compare the same renders in different ways.
 */
const SMALL = 0.25;
const rendered = new Map<string, Promise<Buffer>>();
function photo(kind: DemoPhotoKind, variant: number): Promise<Buffer> {
  const key = `${kind}:${variant}`;
  const existing = rendered.get(key);
  if (existing) return existing;
  const rendering = renderDemoPhoto(kind, variant, SMALL);
  rendered.set(key, rendering);
  return rendering;
}

/** The photo shrunk to 16×12 colour pixels: enough to tell two pictures apart, blind to grain. */
async function fingerprint(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg).resize(16, 12, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/**
 * The photo's shapes: 16×12 grey pixels, evened out for brightness and contrast, so what remains
 * is where things are light or dark, not how bright the setting or the paint is.
 */
async function shapes(jpeg: Buffer): Promise<number[]> {
  const grey = await sharp(jpeg).resize(16, 12, { fit: 'fill' }).greyscale().raw().toBuffer();
  const mean = grey.reduce((sum, value) => sum + value, 0) / grey.length;
  const spread = Math.sqrt(grey.reduce((sum, value) => sum + (value - mean) ** 2, 0) / grey.length) || 1;
  return Array.from(grey, (value) => ((value - mean) / spread) * 40);
}

/** Mean difference per pixel and channel between two fingerprints, 0 to 255. */
function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return total / a.length;
}

describe.each(DEMO_PHOTO_KINDS)('the demo photo of a %s', (kind: DemoPhotoKind) => {
  it('is a 1200×900 JPEG with something in it, not a flat square', async () => {
    const jpeg = await renderDemoPhoto(kind, 0);
    const metadata = await sharp(jpeg).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 900,
    });
    const stats = await sharp(jpeg).stats();
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(15);
    expect(stats.entropy).toBeGreaterThan(5);
  });

  it('is the same, byte for byte, every time a variant is rendered', async () => {
    const [first, second] = await Promise.all([photo(kind, 3), renderDemoPhoto(kind, 3, SMALL)]);
    expect(first.equals(second)).toBe(true);
  });

  it('looks different from one variant to the next', async () => {
    const prints = await Promise.all(VARIANTS.map(async (variant) => fingerprint(await photo(kind, variant))));
    prints.forEach((print, i) => {
      prints.slice(i + 1).forEach((other, k) => {
        expect(distance(print, other), `variants ${i} and ${i + 1 + k}`).toBeGreaterThan(4);
      });
    });
  });
});

describe('demo photos', () => {
  it('show each kind as its own thing: averaged over variants, where settings blur away, no two kinds look alike', async () => {
    // Ten variants of one drawing average to within about 6 of each other; the two most alike
    // kinds, a sedan and an SUV in profile, are about 9 apart.
    const averages = await Promise.all(
      DEMO_PHOTO_KINDS.map(async (kind) => {
        const all = await Promise.all(VARIANTS.map(async (variant) => shapes(await photo(kind, variant))));
        return all[0]?.map((_, i) => all.reduce((sum, one) => sum + (one[i] ?? 0), 0) / all.length) ?? [];
      }),
    );
    averages.forEach((average, i) => {
      averages.slice(i + 1).forEach((other, k) => {
        const pair = `${DEMO_PHOTO_KINDS[i] ?? ''} and ${DEMO_PHOTO_KINDS[i + 1 + k] ?? ''}`;
        expect(distance(average, other), pair).toBeGreaterThan(7.5);
      });
    });
  });

  it('refuses a variant that is not a whole number, and a scale outside (0, 1]', async () => {
    await expect(renderDemoPhoto('sofa', 1.5)).rejects.toThrow(RangeError);
    await expect(renderDemoPhoto('sofa', 1, 0)).rejects.toThrow(RangeError);
    await expect(renderDemoPhoto('sofa', 1, 2)).rejects.toThrow(RangeError);
  });

  it('draws the same picture at a smaller scale', async () => {
    const [full, small] = await Promise.all([renderDemoPhoto('villa', 2), photo('villa', 2)]);
    expect((await sharp(small).metadata()).width).toBe(300);
    expect(distance(await fingerprint(full), await fingerprint(small))).toBeLessThan(3);
  });
});

import sharp, { type Sharp } from 'sharp';
import type { Random } from './random';

// Each photo is rendered once and never read again: libvips' operation cache would only hold memory.
sharp.cache(false);

/** A slight softness, as a lens gives, instead of the razor edges of vector art; it also softens the grain. */
const LENS_BLUR = { sigma: 0.7, minAmplitude: 0.1 } as const;

/** A developed photo as pixels: 3 channels of sRGB, row after row. */
export interface DevelopedPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** The developed scene saved as a JPEG, as a camera would. */
export async function developPhoto(svg: string, random: Random, lightSide: -1 | 1, scale = 1): Promise<Buffer> {
  return (await develop(svg, random, lightSide, scale)).jpeg({ quality: 85, optimiseCoding: false }).toBuffer();
}

/** The developed scene as pixels, for code that encodes it its own way anyway (no JPEG in between). */
export async function developPixels(svg: string, random: Random, lightSide: -1 | 1): Promise<DevelopedPixels> {
  const { data, info } = await (await develop(svg, random, lightSide)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * Turns a drawn scene into something that looks photographed: brighter towards the light and the
 * middle, darker towards the corners, a touch off-white, with grain, slightly soft.
 * The light is done here rather than in the SVG: large soft gradients are what makes librsvg slow.
 */
async function develop(svg: string, random: Random, lightSide: -1 | 1, scale = 1): Promise<Sharp> {
  // SVG is drawn at 72 dots per inch, its own size: a scale draws the same picture smaller.
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);

  const exposure = random.between(0.97, 1.05);
  const warmth = random.between(-0.035, 0.035);
  const [red, green, blue] = [exposure * (1 + warmth), exposure * (1 + warmth * 0.2), exposure * (1 - warmth)];
  const vignette = random.between(0.28, 0.4);
  const sideFalloff = random.between(0.06, 0.1);
  const grain = random.between(3.2, 4.5);

  // Light is brightest a little above the middle, towards the lit side, and falls off with distance squared.
  const [lightX, lightY] = [width * (0.5 + lightSide * 0.15), height * 0.42];
  const reach = 1 / ((width * 0.65) ** 2 + (height * 0.6) ** 2);
  const across = new Float64Array(width);
  const side = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    across[x] = (x - lightX) ** 2 * reach;
    side[x] = 1 + sideFalloff * (lightSide * (x / width - 0.5) * 2);
  }

  let noise = (random.next() * 0x7fffffff) | 1;
  let i = 0;
  for (let y = 0; y < height; y++) {
    const down = (y - lightY) ** 2 * reach;
    for (let x = 0; x < width; x++, i += channels) {
      const distance = (across[x] ?? 0) + down;
      const light = (1 - vignette * distance * distance) * (side[x] ?? 1);
      // xorshift32: two of its bytes summed make bell-shaped grain around zero, a third tints it.
      noise ^= noise << 13;
      noise ^= noise >>> 17;
      noise ^= noise << 5;
      const luminance = ((noise & 255) + ((noise >>> 8) & 255) - 255) * (grain / 128);
      const chroma = (((noise >>> 16) & 255) - 128) * (grain / 600);
      pixels[i] = (pixels[i] ?? 0) * red * light + luminance + chroma;
      pixels[i + 1] = (pixels[i + 1] ?? 0) * green * light + luminance;
      pixels[i + 2] = (pixels[i + 2] ?? 0) * blue * light + luminance - chroma;
    }
  }
  return sharp(data, { raw: { width, height, channels } }).blur(LENS_BLUR);
}

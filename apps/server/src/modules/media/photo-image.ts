import { PHOTO_UPLOAD } from '@marketplace/contracts';
import sharp from 'sharp';
import { checkImageBytes } from './image-bytes';
import { PHOTO_SIZES, type PhotoSize } from './photo-files';

export const PHOTO_MAX_BYTES = PHOTO_UPLOAD.maxBytes;
export const PHOTO_MAX_PIXELS = PHOTO_UPLOAD.maxPixels;
/** The blur-up placeholder's width: a few hundred bytes as a data URL. */
const PLACEHOLDER_WIDTH = 16;

export interface PreparedPhoto {
  files: Record<PhotoSize, Buffer>;
  /** The full size's dimensions, for the page to reserve its space. */
  width: number;
  height: number;
  placeholder: string;
}

export type PhotoResult =
  { ok: true; photo: PreparedPhoto } | { ok: false; problem: 'notAnImage' | 'unreadable' | 'tooManyPixels' };

/** Decoded, upright, sRGB pixels: what each stored size is encoded from. */
export interface PhotoPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * An upload as we keep it: recognised by its bytes, decoded once, turned upright, and re-encoded as
 * WebP in each size the pages need, with none of the original's metadata (no GPS position leaves
 * the seller's phone), plus a tiny copy for the blur-up. Animations keep their first frame.
 */
export async function preparePhoto(bytes: Buffer): Promise<PhotoResult> {
  const check = await checkImageBytes(bytes, PHOTO_MAX_PIXELS);
  if (!check.ok) return check;
  try {
    const upright = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(PHOTO_SIZES.full, PHOTO_SIZES.full, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .timeout({ seconds: 30 })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    return { ok: true, photo: await encodePhoto({ data: upright.data, width, height, channels }) };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}

export interface EncodeOptions {
  /** libwebp's effort, 0-6 (sharp's default 4): lower costs less CPU, for larger files. */
  effort?: number;
}

/** The stored sizes and the placeholder of a photo, from its pixels (at most PHOTO_SIZES.full wide). */
export async function encodePhoto(pixels: PhotoPixels, { effort }: EncodeOptions = {}): Promise<PreparedPhoto> {
  const { width, height, channels } = pixels;
  const source = () => sharp(pixels.data, { raw: { width, height, channels } });
  const encode = (maxWidth: number, quality: number) =>
    source()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality, ...(effort !== undefined && { effort }) })
      .toBuffer();
  const [full, card, thumb, tiny] = await Promise.all([
    encode(PHOTO_SIZES.full, 82),
    encode(PHOTO_SIZES.card, 78),
    encode(PHOTO_SIZES.thumb, 75),
    encode(PLACEHOLDER_WIDTH, 40),
  ]);
  return {
    files: { full, card, thumb },
    width,
    height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

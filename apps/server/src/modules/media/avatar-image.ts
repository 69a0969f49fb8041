import { AVATAR_MAX_BYTES, interpolate, profileFields, ruleMessages } from '@marketplace/contracts';
import sharp from 'sharp';

export const AVATAR_MAX_PIXELS = 40_000_000;
/** The stored avatar fits in this square; the page shows it at 80 px, so this covers 6× screens. */
export const AVATAR_MAX_SIDE = 512;

const label = profileFields.image.label;
export const AVATAR_MESSAGES = {
  notAnImage: interpolate(ruleMessages.image, label),
  tooLarge: interpolate(ruleMessages.size, label, { size: AVATAR_MAX_BYTES / 1024 }),
  tooManyPixels: `The ${label} field must not be larger than ${AVATAR_MAX_PIXELS / 1_000_000} megapixels`,
  unreadable: `The ${label} field could not be read as an image`,
} as const;

export type AvatarImage = { ok: true; webp: Buffer } | { ok: false; message: string };

type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

// Uploads are all different: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Turns a data URL into the avatar we store: recognised by its bytes (PNG, JPEG, WebP or GIF, whatever
 * the URL declares), at most AVATAR_MAX_BYTES and AVATAR_MAX_PIXELS (read from the header, before any
 * pixel is decoded), then decoded, turned upright, shrunk to fit AVATAR_MAX_SIDE and re-encoded as
 * WebP without any of the original's metadata. Animations keep their first frame.
 */
export async function prepareAvatar(dataUrl: string): Promise<AvatarImage> {
  const decoded = decodeDataUrl(dataUrl);
  if (!decoded.ok) return decoded;
  const bytes = decoded.bytes;
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, message: AVATAR_MESSAGES.notAnImage };

  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header) return { ok: false, message: AVATAR_MESSAGES.unreadable };
  // A file whose first bytes say one format while its decoder finds another is lying about itself.
  if (header.format !== format) return { ok: false, message: AVATAR_MESSAGES.unreadable };
  if (header.width * header.height > AVATAR_MAX_PIXELS) return { ok: false, message: AVATAR_MESSAGES.tooManyPixels };

  try {
    const webp = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .timeout({ seconds: 20 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    return { ok: false, message: AVATAR_MESSAGES.unreadable };
  }
}

const DATA_URL = /^data:([^,]*),/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeDataUrl(dataUrl: string): { ok: true; bytes: Buffer } | { ok: false; message: string } {
  const header = DATA_URL.exec(dataUrl);
  if (!header?.[1]?.split(';').includes('base64')) return { ok: false, message: AVATAR_MESSAGES.notAnImage };
  const payload = dataUrl.slice(header[0].length);
  // Cheaper than decoding: 4 characters carry 3 bytes.
  if (Math.floor((payload.length * 3) / 4) - paddingOf(payload) > AVATAR_MAX_BYTES) {
    return { ok: false, message: AVATAR_MESSAGES.tooLarge };
  }
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) return { ok: false, message: AVATAR_MESSAGES.notAnImage };
  return { ok: true, bytes: Buffer.from(payload, 'base64') };
}

const paddingOf = (base64: string) => (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

/** The format named by the file's own first bytes (its magic number), if it is one we accept. */
function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return undefined;
}

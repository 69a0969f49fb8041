import { AVATAR_MAX_BYTES, issueMessage, message } from '@marketplace/contracts';
import sharp from 'sharp';
import { checkImageBytes } from './image-bytes';

export const AVATAR_MAX_PIXELS = 40_000_000;
/** The stored avatar fits in this square; the page shows it at 80 px, so this covers 6× screens. */
export const AVATAR_MAX_SIDE = 512;

const image = message('field.image');
/** Encoded for a 422 on `image`, rendered in the request's language (plugins/errors.ts). */
export const AVATAR_MESSAGES = {
  notAnImage: issueMessage('rule.image', { field: image }),
  tooLarge: issueMessage('rule.size', { field: image, size: AVATAR_MAX_BYTES / 1024 }),
  tooManyPixels: issueMessage('profile.imageTooManyPixels', { megapixels: AVATAR_MAX_PIXELS / 1_000_000 }),
  unreadable: issueMessage('profile.imageUnreadable'),
} as const;

export type AvatarImage = { ok: true; webp: Buffer } | { ok: false; message: string };

/**
 * Turns a data URL into the avatar we store: recognised by its bytes (PNG, JPEG, WebP or GIF, whatever
 * the URL declares), at most AVATAR_MAX_BYTES and AVATAR_MAX_PIXELS (read from the header, before any
 * pixel is decoded), then decoded, turned upright, shrunk to fit AVATAR_MAX_SIDE and re-encoded as
 * WebP without any of the original's metadata. Animations keep their first frame.
 */
export async function prepareAvatar(dataUrl: string): Promise<AvatarImage> {
  const decoded = decodeDataUrl(dataUrl);
  if (!decoded.ok) return decoded;
  const check = await checkImageBytes(decoded.bytes, AVATAR_MAX_PIXELS);
  if (!check.ok) return { ok: false, message: AVATAR_MESSAGES[check.problem] };
  const bytes = decoded.bytes;

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

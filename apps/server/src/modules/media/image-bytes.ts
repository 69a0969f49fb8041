import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

// Uploads are all different: libvips' operation cache would only hold memory.
sharp.cache(false);

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

/** The format named by the file's own first bytes (its magic number), if it is one we accept. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return undefined;
}

export type ImageCheck =
  { ok: true; width: number; height: number } | { ok: false; problem: 'notAnImage' | 'unreadable' | 'tooManyPixels' };

/**
 * What an upload is, from its bytes and its header alone (no pixel decoded yet): one of the formats
 * we take, whose decoder agrees with its first bytes (a file that says one format while its content
 * is another is lying about itself), within `maxPixels`.
 */
export async function checkImageBytes(bytes: Buffer, maxPixels: number): Promise<ImageCheck> {
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, problem: 'notAnImage' };
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header || header.format !== format) return { ok: false, problem: 'unreadable' };
  if (header.width * header.height > maxPixels) return { ok: false, problem: 'tooManyPixels' };
  return { ok: true, width: header.width, height: header.height };
}

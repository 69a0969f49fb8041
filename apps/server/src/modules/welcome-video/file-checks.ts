import { issueMessage, message } from '@marketplace/contracts';
import { WELCOME_VIDEO_MAX_BYTES, type WelcomeVideoPart } from '@marketplace/contracts/welcome-video';
import { PHOTO_MAX_PIXELS, preparePhoto, type PreparedPhoto, type WelcomeFileExtension } from '../media';

/**
 * What staff upload for the welcome video, told by its bytes, never by its name or declared type
 * (decision 041): a WebM starts with the EBML header and names its doctype `webm`; an MP4 has its
 * `ftyp` box first; captions are UTF-8 text whose first line is `WEBVTT`; the poster is an image
 * the photo pipeline reads (and re-encodes, as every listing photo).
 */

const field = message('admin.welcomeVideo.field.file');
const problems = {
  webm: issueMessage('admin.welcomeVideo.notWebm'),
  mp4: issueMessage('admin.welcomeVideo.notMp4'),
  captions: issueMessage('admin.welcomeVideo.notCaptions'),
  notAnImage: issueMessage('rule.image', { field }),
  unreadable: issueMessage('profile.imageUnreadable'),
  tooManyPixels: issueMessage('profile.imageTooManyPixels', { megapixels: PHOTO_MAX_PIXELS / 1_000_000 }),
};
const tooLarge = (part: WelcomeVideoPart) =>
  issueMessage('rule.size', { field, size: WELCOME_VIDEO_MAX_BYTES[part] / 1024 });

export type CheckedFile =
  | { ok: true; kind: 'file'; extension: WelcomeFileExtension; bytes: Buffer }
  | { ok: true; kind: 'poster'; photo: PreparedPhoto }
  | { ok: false; message: string };

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The EBML header's DocType element (0x4282), its one-byte size (0x84), then `webm`. */
const WEBM_DOCTYPE = Buffer.from([0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);

export const isWebm = (bytes: Buffer): boolean =>
  bytes.subarray(0, 4).equals(EBML) && bytes.subarray(4, 64).includes(WEBM_DOCTYPE);

/** An ISO media file's first box is `ftyp`, at least 8 bytes long, within the file. */
export function isMp4(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const size = bytes.readUInt32BE(0);
  return size >= 16 && size <= Math.min(bytes.length, 4096);
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A WebVTT file: UTF-8 (an optional BOM), `WEBVTT` alone or followed by a space, tab or line end, no NUL. */
export function isWebVtt(bytes: Buffer): boolean {
  const body = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  if (body.toString('latin1', 0, 6) !== 'WEBVTT' || body.includes(0)) return false;
  if (body.length > 6 && ![0x20, 0x09, 0x0a, 0x0d].includes(body[6] ?? 0)) return false;
  try {
    utf8.decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The upload checked for its part: a file to store as it is, a poster to store as a photo, or the 422's message. */
export async function checkWelcomeFile(part: WelcomeVideoPart, bytes: Buffer): Promise<CheckedFile> {
  if (bytes.length > WELCOME_VIDEO_MAX_BYTES[part]) return { ok: false, message: tooLarge(part) };
  switch (part) {
    case 'webm':
      return isWebm(bytes)
        ? { ok: true, kind: 'file', extension: 'webm', bytes }
        : { ok: false, message: problems.webm };
    case 'mp4':
      return isMp4(bytes) ? { ok: true, kind: 'file', extension: 'mp4', bytes } : { ok: false, message: problems.mp4 };
    case 'captions_en':
    case 'captions_ar':
      return isWebVtt(bytes)
        ? { ok: true, kind: 'file', extension: 'vtt', bytes }
        : { ok: false, message: problems.captions };
    case 'poster': {
      const prepared = await preparePhoto(bytes);
      return prepared.ok
        ? { ok: true, kind: 'poster', photo: prepared.photo }
        : { ok: false, message: problems[prepared.problem] };
    }
  }
}

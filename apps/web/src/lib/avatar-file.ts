import { AVATAR_MAX_BYTES, message, type Message } from '@marketplace/contracts';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

const image = message('field.image');
const NOT_AN_IMAGE = message('rule.image', { field: image });
const TOO_LARGE = message('rule.size', { field: image, size: AVATAR_MAX_BYTES / 1024 });
const UNREADABLE = message('profile.imageUnreadable');

/**
 * A picture chosen for an avatar-sized image (a profile's, a testimonial's), read as the data URL the
 * API takes, or the rule it breaks first (not an image, too large, unreadable). The server checks
 * its bytes again.
 */
export async function readAvatarFile(file: File): Promise<{ dataUrl: string } | { problem: Message }> {
  if (!file.type.startsWith('image/')) return { problem: NOT_AN_IMAGE };
  if (file.size > AVATAR_MAX_BYTES) return { problem: TOO_LARGE };
  try {
    return { dataUrl: await readAsDataUrl(file) };
  } catch {
    return { problem: UNREADABLE };
  }
}

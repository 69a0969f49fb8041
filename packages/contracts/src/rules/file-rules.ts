import { defineRule } from './define-rule';
import { everyValue } from './values';

/** What the file rules look at: a File in the browser, or the same facts about an upload elsewhere. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
  /** Known once the image has been decoded; `dimensions` fails without them. */
  width?: number;
  height?: number;
}

function isFileFacts(value: unknown): value is FileFacts {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<Record<keyof FileFacts, unknown>>;
  return typeof file.name === 'string' && typeof file.type === 'string' && typeof file.size === 'number';
}

const fileTest = (test: (file: FileFacts) => boolean) => (value: unknown) =>
  everyValue(value, (single) => isFileFacts(single) && test(single));

const escapeForPattern = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// ext and mimes match the whole extension or type literally; vee-validate's patterns are unescaped and
// half-anchored, so it takes 'photopng' for a png and 'ximage/png' for an image/png.

/** The file name ends with a dot and one of the extensions ('png' or '.png'), in any case. */
export const ext = defineRule<readonly string[]>({
  validate: (value, extensions) => {
    if (extensions.length === 0) return false;
    const alternatives = extensions.map((extension) => escapeForPattern(extension.replace(/^\./, '')));
    const pattern = new RegExp(`\\.(${alternatives.join('|')})$`, 'i');
    return fileTest((file) => pattern.test(file.name))(value);
  },
});

/** The file's name says it is an image, as vee-validate judges it. */
export const image = defineRule<true>({
  validate: fileTest((file) => /\.(jpg|svg|jpeg|png|bmp|gif|webp)$/i.test(file.name)),
});

/** The file's declared type is one of the MIME types; `image/*` matches any image type. */
export const mimes = defineRule<readonly string[]>({
  validate: (value, types) => {
    if (types.length === 0) return false;
    const alternatives = types.map((type) => escapeForPattern(type).replace('\\*', '.+'));
    const pattern = new RegExp(`^(${alternatives.join('|')})$`, 'i');
    return fileTest((file) => pattern.test(file.type))(value);
  },
});

/** At most `size` KB (1 KB = 1024 bytes). */
export const size = defineRule<number>({
  validate: (value, kilobytes) => fileTest((file) => file.size <= kilobytes * 1024)(value),
  messageParams: (kilobytes) => ({ size: kilobytes }),
});

/** An image of exactly `width` × `height` pixels; unlike vee-validate, the caller decodes it (see FileFacts). */
export const dimensions = defineRule<{ width: number; height: number }>({
  validate: (value, { width, height }) => fileTest((file) => file.width === width && file.height === height)(value),
  messageParams: ({ width, height }) => ({ width, height }),
});

/**
 * The rules every uploaded photo follows, wherever it goes (a listing, a chat message): the server
 * enforces them; the pages check the type and size first only to spare a doomed upload.
 */
export const PHOTO_UPLOAD = {
  /** A phone's photo is 3-8 MB; a larger upload is not a photo anyone needs. */
  maxBytes: 12 * 1024 * 1024,
  maxPixels: 50_000_000,
  /** What a browser labels the files we take; the server recognises them by their bytes, not this. */
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

export const isUploadablePhotoType = (type: string): boolean =>
  (PHOTO_UPLOAD.types as readonly string[]).includes(type);

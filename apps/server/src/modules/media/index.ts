export { prepareAvatar } from './avatar-image';
export { avatarStorageKey, avatarUrl, newAvatarKey } from './avatars';
export {
  listingPhotoUrl,
  newPhotoKey,
  parsePhotoFileName,
  photoStorageKey,
  photoStorageKeys,
  toListingPhoto,
} from './photo-files';
export type { PhotoFolder, PhotoRow, PhotoSize } from './photo-files';
export { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, encodePhoto, preparePhoto } from './photo-image';
export type { PhotoPixels, PreparedPhoto } from './photo-image';
export { PhotoStore } from './photo-store';
export { mediaRoutes } from './routes';
export {
  APP_MEDIA_PATH,
  absoluteMediaUrl,
  enterPublicMediaBase,
  publicMedia,
  publicMediaUrl,
  withPublicMediaBase,
} from './public-media';
export type { PublicMediaKey } from './public-media';
export { WELCOME_FILE_TYPES, newWelcomeFileKey, welcomeFileUrl } from './welcome-files';
export type { WelcomeFileExtension } from './welcome-files';

import { encodeMessage, message, PHOTO_UPLOAD, type ChatMessage } from '@marketplace/contracts';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema';

export type MessageRow = Selectable<MessagesTable>;

/** The chat photos' route (routes.ts): `<key>-<card|full>.webp` after it. */
export const CHAT_PHOTO_PATH_PREFIX = '/media/chat/';

/** Where the pages fetch a chat photo's sizes: an access-checked route, never public storage. */
const chatPhotoUrl = (key: string, size: 'card' | 'full') => `${CHAT_PHOTO_PATH_PREFIX}${key}-${size}.webp`;

export function toChatMessage(row: MessageRow): ChatMessage {
  const { photo_key: key, photo_width: width, photo_height: height, photo_placeholder: placeholder } = row;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    kind: row.kind,
    sender_id: row.sender_id,
    body: row.body,
    photo:
      key !== null && width !== null && height !== null && placeholder !== null
        ? { card: chatPhotoUrl(key, 'card'), full: chatPhotoUrl(key, 'full'), width, height, placeholder }
        : null,
    client_id: row.client_id,
    created_at: row.created_at.toISOString(),
  };
}

const chatPhoto = message('chat.field.photo');
/** Refusals of a chat photo: the listing photos' rules, naming the photo. */
export const CHAT_PHOTO_MESSAGES = {
  notAnImage: encodeMessage(message('rule.image', { field: chatPhoto })),
  unreadable: encodeMessage(message('profile.imageUnreadable')),
  tooManyPixels: encodeMessage(
    message('profile.imageTooManyPixels', { megapixels: PHOTO_UPLOAD.maxPixels / 1_000_000 }),
  ),
} as const;

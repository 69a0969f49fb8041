import type { ChatMessage, User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../plugins/validation';
import { preparePhoto, type PreparedPhoto } from '../media';
import type { ChatDeps } from './chat-deps';
import { CHAT_PHOTO_MESSAGES, toChatMessage } from './chat-message';
import { insertMessage, sendable, sent } from './message-writes';

/**
 * Sends a photo: checked and stored like a listing's (same rules: recognised by its bytes,
 * upright, re-encoded without metadata), under chat/ where only the two participants reach it.
 * A retry with the same client id is the same message, and costs no decoding; a stranger's, a
 * blocked or a deleted account's upload is refused before it is decoded.
 */
export async function sendPhoto(
  { db, events, photos }: ChatDeps,
  sender: User,
  id: number,
  clientId: string,
  bytes: Buffer,
): Promise<{ message: ChatMessage; created: boolean }> {
  const first = await sendable(db, sender, id, clientId, false);
  if (first.repeat) return { message: toChatMessage(first.repeat), created: false };
  const prepared = await preparePhoto(bytes);
  if (!prepared.ok) throw ValidationError.forField('photo', CHAT_PHOTO_MESSAGES[prepared.problem]);
  const result = await photos.store('chat', prepared.photo, (key, settled) =>
    events.run(async (unit) => {
      const recorded = await recordPhoto(unit.db, sender, id, clientId, prepared.photo, key, settled);
      return { ...(await sent(unit, recorded)), unused: recorded.unused };
    }),
  );
  if (result.unused !== undefined) await photos.remove('chat', [result.unused]);
  return { message: result.message, created: result.created };
}

/**
 * The stored photo's message, in the transaction that settles its upload; `unused` is the key of
 * files no message took (a repeat), for removal after commit.
 */
async function recordPhoto(
  trx: Kysely<Database>,
  sender: User,
  id: number,
  clientId: string,
  photo: PreparedPhoto,
  key: string,
  settled: (trx: Kysely<Database>) => Promise<void>,
) {
  const { conversation, role, repeat } = await sendable(trx, sender, id, clientId, true);
  if (repeat) {
    // The same photo sent twice at once from one page: the first one stored is the message.
    await settled(trx);
    return { conversation, row: repeat, created: false, unused: key };
  }
  const row = await insertMessage(trx, conversation.id, role, {
    sender_id: sender.id,
    kind: 'photo',
    body: '',
    client_id: clientId,
    photo_key: key,
    photo_width: photo.width,
    photo_height: photo.height,
    photo_placeholder: photo.placeholder,
  });
  await settled(trx);
  return { conversation, row, created: true, unused: undefined };
}

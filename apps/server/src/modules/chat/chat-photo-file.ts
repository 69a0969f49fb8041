import type { User } from '@marketplace/contracts';
import { parsePhotoFileName } from '../media';
import type { ChatDeps } from './chat-deps';

/**
 * A chat photo's file for a participant of its conversation: undefined for anyone else, and for
 * a file name that names no photo (the route answers 404 to both alike).
 */
export async function chatPhotoFile(
  { db, photos }: Pick<ChatDeps, 'db' | 'photos'>,
  user: User,
  fileName: string,
): Promise<Buffer | undefined> {
  const file = parsePhotoFileName(fileName);
  if (!file) return undefined;
  const owner = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select('messages.id')
    .where('messages.photo_key', '=', file.key)
    .where((eb) => eb.or([eb('conversations.buyer_id', '=', user.id), eb('conversations.seller_id', '=', user.id)]))
    .executeTakeFirst();
  return owner ? photos.file('chat', file.key, file.size) : undefined;
}

import type { ChatMessage } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PhotoStore } from '../media/photo-store';

/** What happened, for the plugin to tell after commit (real time). */
export interface ChatEvents {
  /** A message was added: the conversation's channel, and the recipient's unread badge. */
  messageCreated(
    conversation: { id: number; buyer_id: number; seller_id: number },
    message: ChatMessage,
  ): Promise<void>;
  /** `reader` read up to `messageId`: the sender's "read" marks, and the reader's badge in other tabs. */
  conversationRead(conversationId: number, readerId: number, messageId: number): Promise<void>;
}

/** What the chat's use cases work with (ChatService holds one). */
export interface ChatDeps {
  db: Kysely<Database>;
  events: ChatEvents;
  photos: PhotoStore;
}

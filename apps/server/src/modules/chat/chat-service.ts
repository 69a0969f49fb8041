import type { ChatMessage, Conversation, ConversationFilter, Locale, User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import type { PhotoStore } from '../media';
import { archiveConversation } from './archive-conversation';
import type { ChatDeps } from './chat-deps';
import { chatPhotoFile } from './chat-photo-file';
import { listConversations } from './list-conversations';
import { listMessages } from './list-messages';
import { readConversation } from './read-conversation';
import { reportConversation } from './report-conversation';
import { sendMessage } from './send-message';
import { sendPhoto } from './send-photo';
import { startConversation } from './start-conversation';
import { unreadTotal } from './unread-total';
import { viewConversation } from './view-conversation';

/**
 * Chat between a listing's buyer and seller (issue 16, decision 024): one conversation per listing
 * and buyer, started by the buyer only; messages in id order, sent idempotently by a client id;
 * each side's read position and archive. Only the two participants see a conversation (404 to
 * anyone else); a block between them stops new messages (409), and never hides the history.
 *
 * Each method is a use case in a file of its own, named after it; this class only holds what they
 * work with (the plugin decorates the app with it, the routes call it).
 */
export class ChatService {
  private readonly deps: ChatDeps;

  constructor(db: Kysely<Database>, events: DomainEventBus, photos: PhotoStore) {
    this.deps = { db, events, photos };
  }

  /** start-conversation.ts */
  start(buyer: User, listingId: number): Promise<{ id: number; created: boolean }> {
    return startConversation(this.deps.db, buyer, listingId);
  }

  /** list-conversations.ts */
  list(
    user: User,
    filter: ConversationFilter | undefined,
    cursor: number | undefined,
    locale: Locale,
    limit?: number,
    order?: number,
  ): Promise<{ data: Conversation[]; next_cursor: string | null }> {
    return listConversations(this.deps.db, user, filter, cursor, locale, limit, order);
  }

  /** view-conversation.ts */
  view(user: User, id: number, locale: Locale): Promise<Conversation | undefined> {
    return viewConversation(this.deps.db, user, id, locale);
  }

  /** list-messages.ts */
  messages(
    user: User,
    id: number,
    page: { before?: number | undefined; after?: number | undefined; limit?: number | undefined },
  ): Promise<{ data: ChatMessage[]; has_older: boolean }> {
    return listMessages(this.deps.db, user, id, page);
  }

  /** send-message.ts */
  send(
    sender: User,
    id: number,
    input: { client_id: string; body: string },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    return sendMessage(this.deps, sender, id, input);
  }

  /** send-photo.ts */
  sendPhoto(
    sender: User,
    id: number,
    clientId: string,
    bytes: Buffer,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    return sendPhoto(this.deps, sender, id, clientId, bytes);
  }

  /** chat-photo-file.ts */
  photoFile(user: User, fileName: string): Promise<Buffer | undefined> {
    return chatPhotoFile(this.deps, user, fileName);
  }

  /** read-conversation.ts */
  read(user: User, id: number, messageId: number): Promise<void> {
    return readConversation(this.deps, user, id, messageId);
  }

  /** archive-conversation.ts */
  archive(user: User, id: number, archived: boolean): Promise<void> {
    return archiveConversation(this.deps.db, user, id, archived);
  }

  /** report-conversation.ts */
  report(user: User, id: number, reason: string): Promise<void> {
    return reportConversation(this.deps, user, id, reason);
  }

  /** unread-total.ts */
  unreadTotal(userId: number): Promise<number> {
    return unreadTotal(this.deps.db, userId);
  }
}

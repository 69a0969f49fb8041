import type { ChatMessage } from '@marketplace/contracts';

/** The chat module's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    /** A message was added (a person's, or an order's system line): the plugin tells both pages after commit. */
    'message.created': {
      conversation: { id: number; buyer_id: number; seller_id: number };
      message: ChatMessage;
    };
    /** `readerId` read up to `messageId`: the sender's "read" marks, and the reader's badge in other tabs. */
    'conversation.read': { conversationId: number; readerId: number; messageId: number };
    /** A participant reported a conversation (conversation_reports): the staff's moderation queue changes. */
    'conversation.reported': { conversationId: number };
  }
}

export {};

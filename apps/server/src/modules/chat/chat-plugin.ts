import { realtimeChannels } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onlineByChannel, runChatMail } from './chat-mail';
import { PhotoStore } from '../media';
import { ChatService } from './chat-service';
import { orderStepLine } from './order-step-lines';
import { resolveConversationReports } from './report-conversation';
import { stepOf } from '../orders';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
    /** E-mails people who are away about their unread messages (chat-mail.ts); main.ts runs it every minute. */
    chatMail(now?: Date): Promise<number>;
  }
}

/**
 * Chat (decision 024): its service, and its events (events.ts) told through real time after each
 * commit. Real time speeds pages up; the API is the copy of record, so a failed push only makes a
 * page late (it catches up on reconnect and when it becomes visible).
 */
export const chat = fp(
  (app: FastifyInstance) => {
    const photos = new PhotoStore({ db: app.db, storage: app.storage, log: app.log });
    const service: ChatService = new ChatService(app.db, app.events, photos);
    app.events.on('message.created', 'after-commit', async ({ conversation, message }) => {
      // A person's message is news to the other; a system message (an order's step) to both.
      const recipients =
        message.sender_id === null
          ? [conversation.buyer_id, conversation.seller_id]
          : [message.sender_id === conversation.buyer_id ? conversation.seller_id : conversation.buyer_id];
      await app.realtime.publish(realtimeChannels.conversation(conversation.id), 'message.created', {
        conversation_id: conversation.id,
        message_id: message.id,
      });
      for (const recipient of recipients) {
        await app.realtime.publish(realtimeChannels.user(recipient), 'messages.unread', {
          unread_count: await service.unreadTotal(recipient),
        });
      }
    });
    app.events.on('conversation.read', 'after-commit', async ({ conversationId, readerId, messageId }) => {
      await app.realtime.publish(realtimeChannels.conversation(conversationId), 'conversation.read', {
        conversation_id: conversationId,
        message_id: messageId,
      });
      await app.realtime.publish(realtimeChannels.user(readerId), 'messages.unread', {
        unread_count: await service.unreadTotal(readerId),
      });
    });
    app.decorate('chat', service);
    // An order's step is a line in its conversation, written in the step's transaction (decision 024).
    app.events.on('order.stepped', 'in-transaction', async (step, unit) => {
      await orderStepLine(unit, stepOf(step));
    });
    // A moderator's decision about a reported conversation closes its open reports (modules/moderation).
    app.events.on('moderation.reports-resolved', 'in-transaction', async (event, unit) => {
      if (event.type === 'conversation') await resolveConversationReports(unit.db, event);
    });
    app.decorate('chatMail', (now = new Date()) =>
      runChatMail(
        {
          db: app.db,
          notifications: app.notifications,
          isOnline: onlineByChannel((channel) => app.realtime.isOccupied(channel)),
        },
        now,
      ),
    );
    return Promise.resolve();
  },
  { name: 'chat', dependencies: ['domain-events', 'realtime', 'notifications', 'storage'] },
);

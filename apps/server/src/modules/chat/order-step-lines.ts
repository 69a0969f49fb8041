import { encodeMessage, message } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderStep } from '../orders/orders-service';
import type { ChatEvents } from './chat-deps';
import { toChatMessage } from './chat-message';
import { insertMessage } from './message-writes';

/**
 * An order's step as a system message in the conversation between its buyer and seller about the
 * listing (started if need be), in the order's transaction; the answer tells the two after commit.
 * Nobody wrote it: it moves no one's read position, so the step's side has not read what came before.
 */
export async function orderStepLine(
  events: Pick<ChatEvents, 'messageCreated'>,
  trx: Kysely<Database>,
  step: OrderStep,
): Promise<() => Promise<void>> {
  await trx
    .insertInto('conversations')
    .values({ listing_id: step.listingId, buyer_id: step.buyerId, seller_id: step.sellerId })
    .onConflict((oc) => oc.columns(['listing_id', 'buyer_id']).doNothing())
    .execute();
  const conversation = await trx
    .selectFrom('conversations')
    .select(['id', 'buyer_id', 'seller_id'])
    .where('listing_id', '=', step.listingId)
    .where('buyer_id', '=', step.buyerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const body = encodeMessage(
    message('chat.orderStep', { event: message('order.event', { action: step.action, who: step.actor ?? 'clock' }) }),
  );
  const row = await insertMessage(trx, conversation.id, null, {
    sender_id: null,
    kind: 'system',
    body,
    client_id: null,
  });
  const chatMessage = toChatMessage(row);
  return () => events.messageCreated(conversation, chatMessage);
}

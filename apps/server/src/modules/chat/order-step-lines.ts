import { encodeMessage, message } from '@marketplace/contracts';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { OrderStep } from '../orders';
import { toChatMessage } from './chat-message';
import { insertMessage } from './message-writes';

/**
 * An order's step as a system message in the conversation between its buyer and seller about the
 * listing (started if need be), in the order's unit of work; `message.created` tells the two after commit.
 * Nobody wrote it: it moves no one's read position, so the step's side has not read what came before.
 */
export async function orderStepLine(unit: UnitOfWork, step: OrderStep): Promise<void> {
  const trx = unit.db;
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
    message('chat.orderStep', {
      event: message('order.event', {
        action: step.action,
        who: step.byModeration ? 'moderation' : (step.actor ?? 'clock'),
      }),
    }),
  );
  const row = await insertMessage(trx, conversation.id, null, {
    sender_id: null,
    kind: 'system',
    body,
    client_id: null,
  });
  await unit.emit('message.created', { conversation, message: toChatMessage(row) });
}

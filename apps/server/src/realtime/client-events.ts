import { PUSHER_LIMITS } from '@marketplace/contracts';
import type { ChannelRegistry } from './channel-registry';
import type { Connection } from './connection';
import type { DeliveryQueue } from './delivery-queue';
import { channelKind, ErrorCode, isValidEventName } from './protocol';

/**
 * A `client-*` event: relayed to the channel's other subscribers, never back to the sender, only on
 * private and presence channels the sender has joined, at most 10 per second per connection.
 */
export function relayClientEvent(
  { registry, queue }: { registry: ChannelRegistry; queue: DeliveryQueue },
  connection: Connection,
  message: { event: string; channel?: unknown; data?: unknown },
): void {
  if (!connection.countClientEvent()) {
    connection.error('Client event rejected due to rate limit', ErrorCode.clientEventRateLimit);
    return;
  }
  const { event, channel } = message;
  if (!isValidEventName(event)) {
    connection.error(`Client event rejected: event names are at most ${PUSHER_LIMITS.eventNameLength} characters`);
    return;
  }
  if (typeof channel !== 'string' || !connection.channels.has(channel)) {
    connection.error('Client event rejected: subscribe to the channel first');
    return;
  }
  const kind = channelKind(channel);
  if (kind !== 'private' && kind !== 'presence') {
    connection.error('Client event rejected: client events are only allowed on private and presence channels');
    return;
  }
  const data = JSON.stringify(message.data ?? null);
  if (Buffer.byteLength(data) > PUSHER_LIMITS.eventDataBytes) {
    connection.error(`Client event rejected: data is larger than ${PUSHER_LIMITS.eventDataBytes / 1024} KB`);
    return;
  }
  const subscribers = registry.subscribers(channel);
  if (!subscribers) return;
  const userId = connection.channels.get(channel)?.userId;
  const relayed = `{"event":${JSON.stringify(event)},"channel":${JSON.stringify(channel)},"data":${data}${
    userId === undefined ? '' : `,"user_id":${JSON.stringify(userId)}`
  }}`;
  queue.enqueue(relayed, subscribers, connection);
}

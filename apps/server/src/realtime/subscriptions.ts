import { PUSHER_LIMITS } from '@marketplace/contracts';
import type { ChannelRegistry } from './channel-registry';
import type { Connection, PresenceMember } from './connection';
import type { DeliveryQueue } from './delivery-queue';
import {
  channelKind,
  encodeMessage,
  ErrorCode,
  isValidChannelName,
  SERVER_LIMITS,
  SERVER_TO_USER_PREFIX,
} from './protocol';
import { channelAuthText, userAuthText, verifySocketAuth } from './signatures';

export interface SubscriptionContext {
  credentials: { key: string; secret: string };
  registry: ChannelRegistry;
  queue: DeliveryQueue;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Some clients send `data` as a JSON string rather than an object; both mean the same. */
export function dataObject(data: unknown): Record<string, unknown> | undefined {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return isRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return isRecord(data) ? data : undefined;
}

function refuse(connection: Connection, channel: string, type: string, message: string, status: number): void {
  // pusher:error is what Pusher sends; the channel-scoped event lets pusher-js report it on the channel.
  if (type === 'AuthError') connection.error(message);
  connection.send('pusher:subscription_error', { type, error: message, status }, channel);
}

/** The presence member a subscription asks to be, when its channel_data is well formed. */
function parseMember(channelData: string): PresenceMember | undefined {
  if (Buffer.byteLength(channelData) > SERVER_LIMITS.maxMemberBytes) return undefined;
  const data = dataObject(channelData);
  const userId = data?.user_id;
  if (typeof userId !== 'string' && typeof userId !== 'number') return undefined;
  const id = String(userId);
  return id === '' ? undefined : { userId: id, info: data?.user_info ?? null };
}

function succeed(connection: Connection, channel: string, registry: ChannelRegistry): void {
  const data = channelKind(channel) === 'presence' ? { presence: registry.presence(channel) } : {};
  connection.send('pusher_internal:subscription_succeeded', JSON.stringify(data), channel);
}

/** pusher:subscribe: public channels as they are, the others only with a valid signature for this socket. */
export function subscribe(context: SubscriptionContext, connection: Connection, rawData: unknown): void {
  const { credentials, registry, queue } = context;
  const data = dataObject(rawData);
  const channel = data?.channel;
  if (typeof channel !== 'string') {
    connection.error('pusher:subscribe needs data.channel');
    return;
  }
  if (!isValidChannelName(channel)) {
    const message = `Invalid channel name: at most ${PUSHER_LIMITS.channelNameLength} characters of A-Z a-z 0-9 _ - = @ , . ;`;
    refuse(connection, channel, 'InvalidChannel', message, 400);
    return;
  }
  if (connection.channels.has(channel)) {
    succeed(connection, channel, registry);
    return;
  }
  if (connection.channels.size >= SERVER_LIMITS.channelsPerConnection) {
    const message = `A connection may subscribe to at most ${SERVER_LIMITS.channelsPerConnection} channels.`;
    refuse(connection, channel, 'LimitReached', message, 429);
    return;
  }
  const kind = channelKind(channel);
  const auth = data?.auth;
  const channelData = typeof data?.channel_data === 'string' ? data.channel_data : undefined;
  const invalidSignature = `Invalid signature for ${channel}: it must be signed for this socket with the app secret.`;

  if (kind === 'public') {
    registry.join(channel, connection, null);
  } else if (kind === 'user') {
    if (connection.userId === undefined || channel !== `${SERVER_TO_USER_PREFIX}${connection.userId}`) {
      refuse(connection, channel, 'AuthError', `Sign in as this user before subscribing to ${channel}.`, 403);
      return;
    }
    registry.join(channel, connection, null);
  } else if (kind === 'private' || kind === 'encrypted') {
    if (!verifySocketAuth(credentials, auth, channelAuthText(connection.socketId, channel))) {
      refuse(connection, channel, 'AuthError', invalidSignature, 401);
      return;
    }
    registry.join(channel, connection, null);
  } else {
    const member = presenceMember(context, connection, channel, auth, channelData);
    if (!member) {
      refuse(connection, channel, 'AuthError', invalidSignature, 401);
      return;
    }
    if (registry.memberCount(channel) >= PUSHER_LIMITS.presenceMembers && !registry.hasMember(channel, member.userId)) {
      const message = `Presence channels are limited to ${PUSHER_LIMITS.presenceMembers} members.`;
      refuse(connection, channel, 'LimitReached', message, 403);
      return;
    }
    const subscribers = registry.subscribers(channel);
    if (registry.join(channel, connection, member) && subscribers) {
      const added = JSON.stringify({ user_id: member.userId, user_info: member.info });
      queue.enqueue(encodeMessage('pusher_internal:member_added', added, channel), subscribers, connection);
    }
  }
  succeed(connection, channel, registry);
}

/** A presence member from signed channel_data, or else from the connection's signed-in user. */
function presenceMember(
  { credentials }: SubscriptionContext,
  connection: Connection,
  channel: string,
  auth: unknown,
  channelData: string | undefined,
): PresenceMember | undefined {
  if (channelData !== undefined) {
    const signed = verifySocketAuth(credentials, auth, channelAuthText(connection.socketId, channel, channelData));
    return signed ? parseMember(channelData) : undefined;
  }
  const signed = verifySocketAuth(credentials, auth, channelAuthText(connection.socketId, channel));
  return signed && connection.userId !== undefined ? { userId: connection.userId, info: null } : undefined;
}

/** Leaves `channel`; others in a presence channel hear of it when the user's last connection leaves. */
export function leave(context: SubscriptionContext, connection: Connection, channel: string): void {
  const departed = context.registry.leave(channel, connection);
  const subscribers = context.registry.subscribers(channel);
  if (departed && subscribers) {
    const removed = JSON.stringify({ user_id: departed.userId });
    context.queue.enqueue(encodeMessage('pusher_internal:member_removed', removed, channel), subscribers);
  }
}

export function unsubscribe(context: SubscriptionContext, connection: Connection, rawData: unknown): void {
  const channel = dataObject(rawData)?.channel;
  if (typeof channel === 'string' && connection.channels.has(channel)) leave(context, connection, channel);
}

/** pusher:signin: a signed user_data with a string id; anything else ends the connection (4009). */
export function signin(context: SubscriptionContext, connection: Connection, rawData: unknown): void {
  const data = dataObject(rawData);
  const userData = data?.user_data;
  const signed =
    typeof userData === 'string' &&
    Buffer.byteLength(userData) <= SERVER_LIMITS.maxMemberBytes &&
    verifySocketAuth(context.credentials, data?.auth, userAuthText(connection.socketId, userData));
  const id = signed ? dataObject(userData)?.id : undefined;
  // One connection is one user: signing in again as someone else would keep the first user's channels.
  const otherUser = connection.userId !== undefined && connection.userId !== id;
  if (typeof id !== 'string' || id === '' || typeof userData !== 'string' || otherUser) {
    connection.close(ErrorCode.unauthorized, 'Connection is unauthorized: invalid user authentication');
    return;
  }
  connection.userId = id;
  connection.send('pusher:signin_success', { user_data: userData });
}

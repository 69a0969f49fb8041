import { CHANNEL_NAME_PATTERN, PUSHER_LIMITS } from '@marketplace/contracts';

/** Pusher protocol 7 (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol). */
export const PROTOCOL_VERSION = 7;
/** pusher-js has spoken 7 since 2014; older clients are refused with 4007. */
export const MIN_PROTOCOL_VERSION = 5;

/** Pusher's close and error codes: 40xx do not reconnect, 41xx back off, 42xx reconnect at once, 43xx other. */
export const ErrorCode = {
  appDoesNotExist: 4001,
  pathNotFound: 4005,
  invalidVersion: 4006,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  unauthorized: 4009,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
  clientEventRateLimit: 4301,
} as const;

/** Limits of our own where Pusher publishes none: they bound what one connection can cost. */
export const SERVER_LIMITS = {
  /** A client message is at most a 10 KB client event plus its envelope; ws closes larger frames with 1009. */
  maxFrameBytes: 16 * 1024,
  /** Pusher documents presence user info as limited to 1 KB. */
  maxMemberBytes: 1024,
  channelsPerConnection: 100,
  /** Any frames per second and connection; a client sending more is closed (pusher-js resubscribes in bursts of ~100). */
  framesPerSecond: 200,
  /** A reader this far behind (not reading its socket) is dropped rather than buffered forever. */
  maxBufferedBytes: 1024 * 1024,
} as const;

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user';

export const SERVER_TO_USER_PREFIX = '#server-to-user-';

export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('private-encrypted-')) return 'encrypted';
  if (channel.startsWith('private-')) return 'private';
  if (channel.startsWith('presence-')) return 'presence';
  if (channel.startsWith(SERVER_TO_USER_PREFIX)) return 'user';
  return 'public';
}

export function isValidChannelName(channel: string): boolean {
  if (channel.length === 0 || channel.length > PUSHER_LIMITS.channelNameLength) return false;
  if (channel.startsWith(SERVER_TO_USER_PREFIX)) {
    return CHANNEL_NAME_PATTERN.test(channel.slice(SERVER_TO_USER_PREFIX.length));
  }
  return CHANNEL_NAME_PATTERN.test(channel);
}

export function isValidEventName(event: unknown): event is string {
  return typeof event === 'string' && event.length > 0 && event.length <= PUSHER_LIMITS.eventNameLength;
}

/** One protocol message as it goes over the wire: `data` is a JSON string for events, an object for errors. */
export function encodeMessage(event: string, data: unknown, channel?: string, userId?: string): string {
  return JSON.stringify({ event, ...(channel !== undefined && { channel }), data, ...(userId && { user_id: userId }) });
}

/**
 * What a page needs to listen for live updates, without a single schema: the channel names, the
 * events and their fields, and the public settings. Its own entry point
 * (`@marketplace/contracts/realtime-essentials`), so the real-time client does not download zod.
 */

/** Where a page asks for channel signatures and for the user's sign-in (docs/product/specification.md §7). */
export const BROADCASTING_PATHS = {
  channelAuth: '/broadcasting/auth',
  userAuth: '/broadcasting/user-auth',
} as const;

/** Every channel the app uses is named here, so the server's rules and the web's listeners agree. */
export const realtimeChannels = {
  /** Events for one user: all of their tabs and devices. */
  user: (userId: number) => `private-user.${userId}`,
  /** The user's own open devices, as presence members. */
  userPresence: (userId: number) => `presence-user.${userId}`,
  /** A listing's public news (price, state), for the product pages open on it. */
  listing: (listingId: number) => `listing.${listingId}`,
  /** One conversation's messages and read receipts; typing as client events (its two participants only). */
  conversation: (conversationId: number) => `private-conversation.${conversationId}`,
  /** The back-office's news for every staff member (issue 29): the moderation queue changed. */
  staff: () => 'private-staff',
} as const;

type FieldKind = 'id' | 'count';
/** The value a field of a kind holds: an id is a positive integer, a count one from zero up. */
type FieldValue<K> = K extends 'id' | 'count' ? number : never;

/**
 * Every event the server publishes and the fields it carries. Events tell a page what changed, not
 * the new state: the page asks the API again (real time is never the only copy).
 */
export const realtimeEvents = {
  /** The user's profile changed: refetch it and the header (another tab or device saved it). */
  'profile.updated': { user_id: 'id' },
  /** A listing changed (its seller edited it or changed its state): open pages refetch it. */
  'listing.updated': { listing_id: 'id' },
  /** The user has a new notification (refetch the bell's list); the unread count is the bell's badge (unread and not yet seen). */
  'notification.created': { notification_id: 'id', unread_count: 'count' },
  /** Notifications were seen or marked read (in another tab or device): the badge's new count. */
  'notifications.read': { unread_count: 'count' },
  /** An order of the user's changed (the other side acted, or time did): open order pages and lists refetch it. */
  'order.updated': { order_id: 'id' },
  /** A new message in a conversation (on its channel): the open conversation fetches what came after its last. */
  'message.created': { conversation_id: 'id', message_id: 'id' },
  /** The other side read up to a message (on the conversation's channel): "read" on the sender's messages. */
  'conversation.read': { conversation_id: 'id', message_id: 'id' },
  /** The user's unread messages changed (a new one, or read in another tab): the header's badge. */
  'messages.unread': { unread_count: 'count' },
  /**
   * A report was made or acted on (on the staff channel): an open moderation queue asks again. It
   * also carries the target's `type` ('listing' | 'conversation' | 'user', see queueChangedEventSchema).
   */
  'moderation.queue-changed': { id: 'id' },
  /** A ticket of the user's changed (the team answered, or its state moved): its open page asks again. */
  'support.ticket-updated': { ticket_id: 'id' },
  /** A support ticket arrived or changed (on the staff channel): open support queues and that ticket ask again. */
  'support.queue-changed': { ticket_id: 'id' },
  /** A newsletter issue's sending moved on (on the staff channel, at most every second): its open screen asks again. */
  'newsletter.progress': { id: 'id' },
  /**
   * A client event, sent by a page (not the server) on a conversation's channel: this user is
   * typing. The embedded server relays it to the channel's other subscribers only.
   */
  'client-typing': { user_id: 'id' },
} as const satisfies Record<string, Record<string, FieldKind>>;

export type RealtimeEventName = keyof typeof realtimeEvents;
/** The events pages send each other through the real-time server (Pusher's client events). */
export type RealtimeClientEventName = Extract<RealtimeEventName, `client-${string}`>;
export type RealtimeEventData<E extends RealtimeEventName> = {
  -readonly [F in keyof (typeof realtimeEvents)[E]]: FieldValue<(typeof realtimeEvents)[E][F]>;
};

export const isRealtimeEventName = (event: string): event is RealtimeEventName => Object.hasOwn(realtimeEvents, event);

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Whether `data` carries every field of `event` in its shape (a page ignores an event that does not). */
export function isRealtimeEventData<E extends RealtimeEventName>(
  event: E,
  data: unknown,
): data is RealtimeEventData<E> {
  if (typeof data !== 'object' || data === null) return false;
  const fields: Record<string, FieldKind> = realtimeEvents[event];
  return Object.entries(fields).every(([field, kind]) =>
    (kind === 'id' ? isId : isCount)((data as Record<string, unknown>)[field]),
  );
}

/**
 * The public half of the real-time configuration, rendered into the page (never the secret):
 * the embedded server answers on the page's own host and scheme; Pusher Channels by cluster over
 * TLS only; any other Pusher-compatible server at its host, port and scheme.
 */
export type RealtimePublicConfig =
  | { driver: 'embedded'; key: string }
  | { driver: 'pusher'; key: string; cluster: string }
  | { driver: 'self-hosted'; key: string; host: string; port: number; tls: boolean };

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The settings when they are whole, else null (the page then runs without live updates). */
export function readRealtimeConfig(value: unknown): RealtimePublicConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const settings = value as Record<string, unknown>;
  const { key } = settings;
  if (!text(key)) return null;
  switch (settings.driver) {
    case 'embedded':
      return { driver: 'embedded', key };
    case 'pusher':
      return text(settings.cluster) ? { driver: 'pusher', key, cluster: settings.cluster } : null;
    case 'self-hosted': {
      const { host, port, tls } = settings;
      const validPort = Number.isSafeInteger(port) && (port as number) > 0 && (port as number) < 65_536;
      return text(host) && validPort && typeof tls === 'boolean'
        ? { driver: 'self-hosted', key, host, port: port as number, tls }
        : null;
    }
    default:
      return null;
  }
}

/** A channel's signature, as `/broadcasting/auth` answers (Pusher's shape, unwrapped). */
export interface ChannelAuthorization {
  auth: string;
  channel_data?: string;
}

export function readChannelAuthorization(value: unknown): ChannelAuthorization | null {
  if (typeof value !== 'object' || value === null) return null;
  const { auth, channel_data: channelData } = value as Record<string, unknown>;
  if (typeof auth !== 'string') return null;
  if (channelData === undefined) return { auth };
  return typeof channelData === 'string' ? { auth, channel_data: channelData } : null;
}

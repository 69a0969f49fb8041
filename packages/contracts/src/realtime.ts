import { z } from 'zod/mini';
import { messages } from './laravel-messages';

/** Where pusher-js asks for channel signatures and for the user's sign-in (SPEC §7). */
export const BROADCASTING_PATHS = {
  channelAuth: '/broadcasting/auth',
  userAuth: '/broadcasting/user-auth',
} as const;

/** Pusher's own limits (Channels' published quotas), enforced by the embedded server too. */
export const PUSHER_LIMITS = {
  channelNameLength: 200,
  eventNameLength: 200,
  eventDataBytes: 10 * 1024,
  presenceMembers: 100,
  channelsPerTrigger: 100,
  eventsPerBatch: 10,
  clientEventsPerSecond: 10,
} as const;

/** Pusher's alphabet for channel names, as its server SDKs check it. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;
/** `digits.digits`, the only shape a Pusher socket id takes. */
export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;

/** Every channel the app uses is named here, so the server's rules and the web's listeners agree. */
export const realtimeChannels = {
  /** Events for one user: all of their tabs and devices. */
  user: (userId: number) => `private-user.${userId}`,
  /** The user's own open devices, as presence members. */
  userPresence: (userId: number) => `presence-user.${userId}`,
} as const;

/** Every event the server publishes and what it carries; the web parses with the same schemas. */
export const realtimeEventSchemas = {
  /** The user's profile changed: refetch it and the header (another tab or device saved it). */
  'profile.updated': z.object({ user_id: z.int() }),
} as const;
export type RealtimeEventName = keyof typeof realtimeEventSchemas;
export type RealtimeEventData<E extends RealtimeEventName> = z.input<(typeof realtimeEventSchemas)[E]>;

const formatInvalid = (attribute: string) => `The ${attribute} field format is invalid.`;

const socketId = z
  .string({ error: messages.required('socket id') })
  .check(z.regex(SOCKET_ID_PATTERN, formatInvalid('socket id')));

export const channelAuthRequestSchema = z.object({
  socket_id: socketId,
  channel_name: z
    .string({ error: messages.required('channel name') })
    .check(
      z.maxLength(PUSHER_LIMITS.channelNameLength, messages.max('channel name', PUSHER_LIMITS.channelNameLength)),
      z.regex(CHANNEL_NAME_PATTERN, formatInvalid('channel name')),
    ),
});
export type ChannelAuthRequest = z.input<typeof channelAuthRequestSchema>;

export const userAuthRequestSchema = z.object({ socket_id: socketId });
export type UserAuthRequest = z.input<typeof userAuthRequestSchema>;

/** Pusher's answers, unwrapped (pusher-js reads them as they are). */
export const channelAuthResponseSchema = z.object({ auth: z.string(), channel_data: z.optional(z.string()) });
export const userAuthResponseSchema = z.object({ auth: z.string(), user_data: z.string() });

/** What another member sees of a user in presence channels and after sign-in: never e-mail or phone. */
export const realtimeUserInfoSchema = z.object({ name: z.string(), avatar: z.nullable(z.string()) });
export type RealtimeUserInfo = z.infer<typeof realtimeUserInfoSchema>;

/**
 * The public half of the real-time configuration, rendered into the page (never the secret):
 * the embedded server answers on the page's own host and scheme; Pusher Channels by cluster over
 * TLS only; any other Pusher-compatible server at its host, port and scheme.
 */
const nonEmptyText = () => z.string().check(z.minLength(1));

export const realtimePublicConfigSchema = z.discriminatedUnion('driver', [
  z.object({ driver: z.literal('embedded'), key: nonEmptyText() }),
  z.object({ driver: z.literal('pusher'), key: nonEmptyText(), cluster: nonEmptyText() }),
  z.object({
    driver: z.literal('self-hosted'),
    key: nonEmptyText(),
    host: nonEmptyText(),
    port: z.int().check(z.positive()),
    tls: z.boolean(),
  }),
]);
export type RealtimePublicConfig = z.infer<typeof realtimePublicConfigSchema>;

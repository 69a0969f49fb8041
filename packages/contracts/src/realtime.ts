import { z } from 'zod/mini';
import { messages } from './laravel-messages';

export * from './realtime-essentials';

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

const socketId = z
  .string({ error: messages.required('socket_id') })
  .check(z.regex(SOCKET_ID_PATTERN, messages.format('socket_id')));

export const channelAuthRequestSchema = z.object({
  socket_id: socketId,
  channel_name: z
    .string({ error: messages.required('channel_name') })
    .check(
      z.maxLength(PUSHER_LIMITS.channelNameLength, messages.max('channel_name', PUSHER_LIMITS.channelNameLength)),
      z.regex(CHANNEL_NAME_PATTERN, messages.format('channel_name')),
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

import { defineRoute } from '../http/api-route';
import {
  channelAuthRequestSchema,
  channelAuthResponseSchema,
  userAuthRequestSchema,
  userAuthResponseSchema,
} from '../realtime';
import { BROADCASTING_PATHS } from '../realtime-essentials';

/** Pusher's signatures for a subscription and a user sign-in, in Pusher's own shapes (decision 005). */
export const BROADCASTING_ROUTES = {
  channelAuth: defineRoute({
    method: 'POST',
    path: BROADCASTING_PATHS.channelAuth,
    body: channelAuthRequestSchema,
    response: { 200: channelAuthResponseSchema },
  }),
  userAuth: defineRoute({
    method: 'POST',
    path: BROADCASTING_PATHS.userAuth,
    body: userAuthRequestSchema,
    response: { 200: userAuthResponseSchema },
  }),
} as const;

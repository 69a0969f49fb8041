import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam } from '../http/route-params';
import {
  moderationActionSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  moderationTargetSchema,
  moderationTargetTypes,
} from './moderation';

/** A target type that is not one names nothing: 404 (route-params.ts). */
const targetParams = z.object({
  type: z.string().check(z.refine((value) => (moderationTargetTypes as readonly string[]).includes(value))),
  id: int4IdParam,
});

/** Moderation (issue 29): the queue, one target's screen, and acting on it. */
export const MODERATION_ROUTES = {
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/moderation',
    querystring: moderationQueueQuerySchema,
    response: { 200: moderationQueueSchema },
  }),
  target: defineRoute({
    method: 'GET',
    path: '/api/admin/moderation/:type/:id',
    params: targetParams,
    response: { 200: moderationTargetSchema },
  }),
  /** Answers the target's screen as the action left it; 409 when the action does not fit its state now. */
  act: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/:type/:id/actions',
    params: targetParams,
    body: moderationActionSchema,
    response: { 200: moderationTargetSchema },
  }),
} as const;

import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam } from '../http/route-params';
import { blockedUsersResponseSchema } from './blocks';

const userParams = z.object({ userId: int4IdParam });

/** Blocking (issues 15 and 16); pages without zod use `BLOCKS_API`, which a test holds to this table. */
export const BLOCKS_ROUTES = {
  list: defineRoute({ method: 'GET', path: '/api/blocks', response: { 200: blockedUsersResponseSchema } }),
  /** Idempotent: 204 however often. */
  block: defineRoute({ method: 'PUT', path: '/api/blocks/:userId', params: userParams }),
  unblock: defineRoute({ method: 'DELETE', path: '/api/blocks/:userId', params: userParams }),
} as const;

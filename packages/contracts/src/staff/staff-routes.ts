import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam } from '../http/route-params';
import { grantRoleSchema, staffLookupQuerySchema, staffLookupSchema, staffMembersSchema } from './staff-members';
import {
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorSetupSchema,
  staffSessionSchema,
} from './staff-session';

const userParams = z.object({ userId: int4IdParam });

/**
 * The back-office's own routes (issue 29). Every `/api/admin/*` route answers 404 to anyone who holds
 * no staff role, as if it did not exist; 403 to staff whose role does not allow it (STAFF_RULES) or
 * whose session has not passed its second factor in the last 12 hours.
 */
export const STAFF_ROUTES = {
  /** Staff whose second factor is pending get this too: it tells the page what to ask for. */
  session: defineRoute({ method: 'GET', path: '/api/admin/session', response: { 200: staffSessionSchema } }),
  /** Only before the second factor is confirmed; 409 after. */
  secondFactorSetup: defineRoute({
    method: 'POST',
    path: '/api/admin/second-factor/setup',
    response: { 200: secondFactorSetupSchema },
  }),
  /** The first code from the app: confirms the set-up, passes this session, answers the recovery codes. */
  secondFactorConfirm: defineRoute({
    method: 'POST',
    path: '/api/admin/second-factor/confirm',
    body: secondFactorCodeSchema,
    response: { 200: recoveryCodesSchema },
  }),
  /** A code (or a recovery code) for this session; 204. Throttled like login. */
  secondFactorVerify: defineRoute({
    method: 'POST',
    path: '/api/admin/second-factor/verify',
    body: secondFactorCodeSchema,
  }),
  staff: defineRoute({ method: 'GET', path: '/api/admin/staff', response: { 200: staffMembersSchema } }),
  grantRole: defineRoute({
    method: 'PUT',
    path: '/api/admin/staff/:userId',
    params: userParams,
    body: grantRoleSchema,
  }),
  takeRole: defineRoute({ method: 'DELETE', path: '/api/admin/staff/:userId', params: userParams }),
  /** Who has this e-mail address (to grant them a role); 404 with a message when nobody has. */
  lookup: defineRoute({
    method: 'GET',
    path: '/api/admin/staff/lookup',
    querystring: staffLookupQuerySchema,
    response: { 200: staffLookupSchema },
  }),
  /**
   * A lost phone: the member's secret and recovery codes go, and their sessions lose the passed
   * second factor; their next visit sets it up again. 204; 409 when none was set up.
   */
  resetSecondFactor: defineRoute({
    method: 'POST',
    path: '/api/admin/staff/:userId/second-factor/reset',
    params: userParams,
  }),
} as const;

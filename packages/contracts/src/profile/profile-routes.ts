import { defineRoute } from '../http/api-route';
import { profileResponseSchema } from '../profile';

/** The signed-in user's own profile: there is no id to choose another. */
export const PROFILE_ROUTES = {
  read: defineRoute({ method: 'GET', path: '/user/profile', response: { 200: profileResponseSchema } }),
  /** No body schema: its rules depend on the account type, so the server validates it in the handler. */
  update: defineRoute({ method: 'PUT', path: '/user/profile', response: { 200: profileResponseSchema } }),
} as const;

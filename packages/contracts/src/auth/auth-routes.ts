import {
  loginRequestSchema,
  registerRequestSchema,
  TEST_SIGN_IN_API,
  testSignInRequestSchema,
  userResponseSchema,
} from '../auth';
import { defineRoute } from '../http/api-route';

/** Signing up, in and out, and the signed-in user (docs/product/specification.md); outside /api, as specified. */
export const AUTH_ROUTES = {
  register: defineRoute({
    method: 'POST',
    path: '/register',
    body: registerRequestSchema,
    response: { 201: userResponseSchema },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/login',
    body: loginRequestSchema,
    response: { 200: userResponseSchema },
  }),
  logout: defineRoute({ method: 'POST', path: '/logout' }),
  /** The sign-in probe every page makes; 401 when signed out. */
  user: defineRoute({ method: 'GET', path: '/user', response: { 200: userResponseSchema } }),
  /** Development and tests only: signs in as that address, its account made if need be. */
  testSignIn: defineRoute({
    method: 'POST',
    path: TEST_SIGN_IN_API,
    body: testSignInRequestSchema,
    response: { 200: userResponseSchema },
  }),
} as const;

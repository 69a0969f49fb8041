import { defineRoute } from '../http/api-route';
import { idParamsSchema } from '../http/route-params';
import {
  newSavedSearchSchema,
  savedSearchChangesSchema,
  savedSearchListSchema,
  savedSearchResponseSchema,
} from './saved-searches';

/** Saved searches (issue 14); pages without zod use `SAVED_SEARCHES_API`, which a test holds to this table. */
export const SAVED_SEARCHES_ROUTES = {
  list: defineRoute({ method: 'GET', path: '/api/saved-searches', response: { 200: savedSearchListSchema } }),
  save: defineRoute({
    method: 'POST',
    path: '/api/saved-searches',
    body: newSavedSearchSchema,
    response: { 201: savedSearchResponseSchema },
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/saved-searches/:id',
    params: idParamsSchema,
    body: savedSearchChangesSchema,
    response: { 200: savedSearchResponseSchema },
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/saved-searches/:id', params: idParamsSchema }),
  seen: defineRoute({
    method: 'POST',
    path: '/api/saved-searches/:id/seen',
    params: idParamsSchema,
    response: { 200: savedSearchResponseSchema },
  }),
  /** Development and tests only: runs the minute's alert job now, for the caller's searches only. */
  testAlerts: defineRoute({ method: 'POST', path: '/api/test/saved-searches/alerts' }),
} as const;

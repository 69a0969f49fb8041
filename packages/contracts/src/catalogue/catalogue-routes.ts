import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { idParamsSchema, int4IdParam } from '../http/route-params';
import { categoriesResponseSchema } from './categories';
import { listingChangesSchema } from './listing-fields';
import { listingsQuerySchema, newListingSchema, ownListingsQuerySchema, photoOrderSchema } from './listing-queries';
import { listingReportResponseSchema, listingReportSchema } from './listing-reports';
import {
  listingHistorySchema,
  listingPageSchema,
  listingPhotoResponseSchema,
  listingResponseSchema,
  ownListingPageSchema,
  sellerPageSchema,
  userReviewsPageSchema,
  userReviewsQuerySchema,
} from './listings';

/** The seller's state changes, each its own address (`/api/listings/:id/publish`). */
export const listingActionPaths = ['publish', 'pause', 'resume', 'mark-sold', 'renew'] as const;
export type ListingActionPath = (typeof listingActionPaths)[number];

/**
 * The catalogue's routes (docs/decisions/014-catalogue.md). Pages that must not download zod use
 * their addresses from `CATALOGUE_API` (api-addresses.ts), which a test holds to this table.
 */
export const CATALOGUE_ROUTES = {
  categories: defineRoute({ method: 'GET', path: '/api/categories', response: { 200: categoriesResponseSchema } }),
  listings: defineRoute({
    method: 'GET',
    path: '/api/listings',
    querystring: listingsQuerySchema,
    response: { 200: listingPageSchema },
    cursor: 'timeAndId',
  }),
  createListing: defineRoute({
    method: 'POST',
    path: '/api/listings',
    body: newListingSchema,
    response: { 201: listingResponseSchema },
  }),
  listing: defineRoute({
    method: 'GET',
    path: '/api/listings/:id',
    params: idParamsSchema,
    response: { 200: listingResponseSchema },
  }),
  updateListing: defineRoute({
    method: 'PATCH',
    path: '/api/listings/:id',
    params: idParamsSchema,
    body: listingChangesSchema,
    response: { 200: listingResponseSchema },
  }),
  deleteListing: defineRoute({ method: 'DELETE', path: '/api/listings/:id', params: idParamsSchema }),
  listingAction: defineRoute({
    method: 'POST',
    path: '/api/listings/:id/:action',
    params: z.object({ id: int4IdParam, action: z.enum(listingActionPaths) }),
    response: { 200: listingResponseSchema },
  }),
  listingHistory: defineRoute({
    method: 'GET',
    path: '/api/listings/:id/history',
    params: idParamsSchema,
    response: { 200: listingHistorySchema },
  }),
  reportListing: defineRoute({
    method: 'POST',
    path: '/api/listings/:id/report',
    params: idParamsSchema,
    body: listingReportSchema,
    response: { 201: listingReportResponseSchema },
  }),
  /** The photo is the request's raw body (its bytes, whatever the label says), so no body schema. */
  addListingPhoto: defineRoute({
    method: 'POST',
    path: '/api/listings/:id/photos',
    params: idParamsSchema,
    response: { 201: listingPhotoResponseSchema },
  }),
  deleteListingPhoto: defineRoute({
    method: 'DELETE',
    path: '/api/listings/:id/photos/:photoId',
    params: z.object({ id: int4IdParam, photoId: int4IdParam }),
  }),
  orderListingPhotos: defineRoute({
    method: 'PUT',
    path: '/api/listings/:id/photos/order',
    params: idParamsSchema,
    body: photoOrderSchema,
  }),
  ownListings: defineRoute({
    method: 'GET',
    path: '/api/me/listings',
    querystring: ownListingsQuerySchema,
    response: { 200: ownListingPageSchema },
    cursor: 'timeAndId',
  }),
  seller: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    params: idParamsSchema,
    response: { 200: sellerPageSchema },
  }),
  sellerReviews: defineRoute({
    method: 'GET',
    path: '/api/users/:id/reviews',
    params: idParamsSchema,
    querystring: userReviewsQuerySchema,
    response: { 200: userReviewsPageSchema },
    cursor: 'id',
  }),
} as const;

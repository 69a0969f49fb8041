import { z } from 'zod/mini';
import { accountTypes } from '../auth';
import { encodeMessage, message } from '../i18n/message';
import { isInt4IdText } from '../rules/column-ranges';
import { listingConditions, listingStatuses } from './listing-fields';
import { pricePeriods, tradeKinds } from './trade-kinds';

/** What the seller may do with a listing now; the page offers these and nothing else. */
export const listingActions = ['edit', 'publish', 'pause', 'resume', 'mark_sold', 'renew', 'delete'] as const;
export type ListingAction = (typeof listingActions)[number];

export const listingPhotoSchema = z.object({
  id: z.int(),
  /** 160 px wide: lists of my listings, the wizard. */
  thumb: z.string(),
  /** 480 px wide: cards in a grid. */
  card: z.string(),
  /** Up to 1600 px: the product page's gallery. */
  full: z.string(),
  width: z.int(),
  height: z.int(),
  /** A tiny blurred copy as a data URL, shown while the photo loads. */
  placeholder: z.string(),
});
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;
/** POST /api/listings/:id/photos answers with the photo as stored. */
export const listingPhotoResponseSchema = z.object({ data: listingPhotoSchema });

const named = z.object({ id: z.int(), name: z.string() });

/** A user's rating: the average of the stars given to them (null with none yet) and how many. */
export const ratingSummarySchema = z.object({ average: z.nullable(z.number()), count: z.int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** What a card and a whole listing both show. */
const listingBaseSchema = z.object({
  id: z.int(),
  slug: z.string(),
  status: z.enum(listingStatuses),
  title: z.string(),
  price_fils: z.nullable(z.number()),
  /** What a rent's price is for ("AED 120,000 / year"); null for anything else. */
  price_period: z.nullable(z.enum(pricePeriods)),
  negotiable: z.boolean(),
  condition: z.nullable(z.enum(listingConditions)),
  city: z.nullable(z.string()),
  neighborhood: z.nullable(z.string()),
  cover: z.nullable(listingPhotoSchema),
  published_at: z.nullable(z.string()),
  /**
   * Search results with a place (`near`) only: how far the listing is, in metres along the earth,
   * to its map point, or to its city's centre when it has none (`approximate`).
   */
  distance: z.optional(z.nullable(z.object({ metres: z.int(), approximate: z.boolean() }))),
});

/** A listing in a grid: home, category, a seller's page, search, favourites. */
export const listingCardSchema = z.extend(listingBaseSchema, {
  /** The seller's rating, as their page shows it: a buyer weighs it before opening the listing. */
  seller_rating: ratingSummarySchema,
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/** The same card as its seller sees it in My listings. */
export const ownListingCardSchema = z.extend(listingCardSchema, {
  category: z.nullable(named),
  updated_at: z.string(),
  expires_at: z.nullable(z.string()),
  views: z.int(),
  photo_count: z.int(),
  /** How many people saved it (never who). */
  saves: z.int(),
  actions: z.array(z.enum(listingActions)),
});
export type OwnListingCard = z.infer<typeof ownListingCardSchema>;

export const sellerSummarySchema = z.object({
  id: z.int(),
  /** The company's name for a company account, else the person's first name and last initial. */
  name: z.string(),
  account_type: z.enum(accountTypes),
  avatar: z.nullable(z.string()),
  member_since: z.string(),
  active_listings: z.int(),
  /** What others said of them after completed orders, as buyer or as seller (both count). */
  rating: ratingSummarySchema,
  /** They proved their e-mail address by its link. */
  email_verified: z.boolean(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

/** A whole listing: the product page, and the wizard when its seller edits it. */
export const listingSchema = z.extend(listingBaseSchema, {
  description: z.nullable(z.string()),
  /** With how its listings trade (issue 32): the page offers Buy, an offer or a viewing by it. */
  category: z.nullable(z.extend(named, { slug: z.string(), trade_kind: z.enum(tradeKinds) })),
  quantity: z.int(),
  attributes: z.record(z.string(), z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
  city_id: z.nullable(z.int()),
  neighborhood_id: z.nullable(z.int()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  pickup: z.boolean(),
  delivery: z.boolean(),
  delivery_fee_fils: z.nullable(z.number()),
  photos: z.array(listingPhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** Only its seller sees when it runs out. */
  expires_at: z.nullable(z.string()),
  views: z.int(),
  seller: sellerSummarySchema,
  /** Empty for anyone but the seller. */
  actions: z.array(z.enum(listingActions)),
});
export type Listing = z.infer<typeof listingSchema>;
export const listingResponseSchema = z.object({ data: listingSchema });

/** A page of cards and where the next page starts; null on the last page. */
export const listingPageSchema = z.object({
  data: z.array(listingCardSchema),
  next_cursor: z.nullable(z.string()),
  /** With near=me: the city the listings are in, or null when they are from everywhere. */
  near: z.optional(z.nullable(z.string())),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

export const ownListingPageSchema = z.object({
  data: z.array(ownListingCardSchema),
  next_cursor: z.nullable(z.string()),
  /** How many of the seller's listings are in each state. */
  counts: z.record(z.enum(listingStatuses), z.int()),
});
export type OwnListingPage = z.infer<typeof ownListingPageSchema>;

export const listingEventTypes = [
  'created',
  'edited',
  'published',
  'paused',
  'resumed',
  'sold',
  'expired',
  'renewed',
  'removed',
  'reminded',
  'photos_changed',
  /** An accepted order holds the last units (orders). */
  'reserved',
  /** Those units are free again: the order was cancelled. */
  'released',
] as const;
export type ListingEventType = (typeof listingEventTypes)[number];

/** One change in a listing's life; `changes` names each field changed, with its value before and after. */
export const listingEventSchema = z.object({
  id: z.number(),
  type: z.enum(listingEventTypes),
  /** Null when the app did it (expiry, reminders). */
  actor: z.nullable(named),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type ListingEvent = z.infer<typeof listingEventSchema>;
export const listingHistorySchema = z.object({ data: z.array(listingEventSchema) });

/** One review a user received: who gave it (by display name), as which side of the order, stars, words, when. */
export const userReviewSchema = z.object({
  id: z.int(),
  rating: z.int(),
  text: z.string(),
  created_at: z.string(),
  /** The author's side of the order: a buyer reviewed them as a seller, and the other way round. */
  side: z.enum(['buyer', 'seller']),
  author: z.object({ id: z.int(), name: z.string() }),
});
export type UserReview = z.infer<typeof userReviewSchema>;

const reviewsCursorError = () => encodeMessage(message('rule.default', { field: message('order.field.cursor') }));

/** How many of the newest reviews a seller's page brings with the seller. */
export const NEWEST_REVIEWS = 5;

/** /api/users/:id: the seller, with their rating and newest reviews. */
export const sellerPageSchema = z.object({
  data: z.extend(sellerSummarySchema, { reviews: z.array(userReviewSchema) }),
});
export type SellerProfile = z.infer<typeof sellerPageSchema>['data'];

/** /api/users/:id/reviews?cursor=: the page after the review with that id. */
export const userReviewsQuerySchema = z.object({
  cursor: z.optional(
    z.string({ error: reviewsCursorError }).check(z.refine(isInt4IdText, { error: reviewsCursorError })),
  ),
});

/** /api/users/:id/reviews: the reviews a user received, newest first, a page at a time. */
export const userReviewsPageSchema = z.object({
  rating: ratingSummarySchema,
  data: z.array(userReviewSchema),
  next_cursor: z.nullable(z.string()),
});
export type UserReviewsPage = z.infer<typeof userReviewsPageSchema>;

export * from './listing-text';

import {
  API_MESSAGES,
  CATALOGUE_ROUTES,
  decodePageCursor,
  encodeMessage,
  encodePageCursor,
  message,
  PAGE_SIZE,
  realtimeChannels,
  NEWEST_REVIEWS,
  type ListingActionPath,
  type ListingStatus,
  type User,
} from '@marketplace/contracts';
import { MODERATION_REASON_NAMES, type ModerationReason } from '@marketplace/contracts/staff';
import { requireVerifiedEmail } from '../users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { photoUploadRoutes } from '../../plugins/photo-bodies';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { ENDED, sellerActions, type SellerTransition } from './listing-lifecycle';
import { PHOTO_MAX_BYTES } from '../media';
import { toCard } from './listing-cards';

export interface CatalogueRoutesOptions {
  /**
   * Listing creation and photo uploads cost storage and CPU, and reports a moderator's time: a
   * person gets this many of each per hour.
   */
  throttles: { drafts: AttemptLimit; photos: AttemptLimit; reports: AttemptLimit };
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

function cursorOf(text: string | undefined) {
  if (text === undefined) return undefined;
  const cursor = decodePageCursor(CATALOGUE_ROUTES.listings.cursor, text);
  if (!cursor) throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
  return cursor;
}

const TRANSITION_PATHS: Record<ListingActionPath, SellerTransition> = {
  publish: 'publish',
  pause: 'pause',
  resume: 'resume',
  'mark-sold': 'mark_sold',
  renew: 'renew',
};

/**
 * The catalogue's JSON calls under /api (docs/product/marketplace.md): categories, listings to read, a seller's
 * own listings and the calls that change them, and their photos, uploaded as raw bytes one per
 * request (docs/decisions/014-catalogue.md).
 */
export function catalogueRoutes(app: FastifyInstance, { throttles }: CatalogueRoutesOptions): Promise<void> {
  const { categories, listings, photos } = app.catalogue;
  const repository = listings.listings;
  const limiter = new RateLimiter(app.db);

  /** Product pages open on the listing refetch it; a failed push only makes them a little late. */
  const announce = (id: number) =>
    app.realtime.publish(realtimeChannels.listing(id), 'listing.updated', { listing_id: id });

  const answer = async (request: FastifyRequest, id: number, viewer: User | null) => {
    const listing = await listings.view(id, viewer, request.locale);
    if (!listing) throw notFound();
    return { data: listing };
  };

  route(app, CATALOGUE_ROUTES.categories, {}, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language, Cookie');
    return { data: await categories.list(request.locale) };
  });

  route(app, CATALOGUE_ROUTES.listings, {}, async (request) => {
    const { near, category, seller, exclude, limit = PAGE_SIZE.default } = request.query;
    let city = request.query.city;
    let nearName: string | null | undefined;
    if (near === 'me') {
      const own = request.user ? await repository.profileCity(request.user.id) : null;
      if (own !== null && city === undefined) city = own;
      nearName = own === null ? null : (await repository.placeNames(own, null, request.locale)).city;
    }
    let categoryIds: number[] | undefined;
    if (category !== undefined) {
      const found = await categories.findBySlug(category, request.locale);
      if (!found) throw notFound();
      categoryIds = await categories.withDescendants(found.id);
    }
    const rows = await repository.listPublic(
      {
        ...(categoryIds && { categoryIds }),
        ...(city !== undefined && { cityId: city }),
        ...(seller !== undefined && { sellerId: seller }),
        ...(exclude !== undefined && { excludeId: exclude }),
      },
      cursorOf(request.query.cursor),
      limit,
      request.locale,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map(toCard),
      next_cursor:
        rows.length > limit && last
          ? encodePageCursor(CATALOGUE_ROUTES.listings.cursor, { at: last.published_at, id: last.id })
          : null,
      ...(nearName !== undefined && { near: nearName }),
    };
  });

  /**
   * A listing moderation removed is gone, not missing: 410 with why, in the reader's language, for
   * everyone (its seller too: My listings keeps it). `moderation_reason` lets the page word its notice.
   */
  const goneOrMissing = async (id: number) => {
    const removal = await repository.moderationRemoval(id);
    if (!removal) return notFound();
    const reason = Object.hasOwn(MODERATION_REASON_NAMES, removal.reason)
      ? MODERATION_REASON_NAMES[removal.reason as ModerationReason]
      : MODERATION_REASON_NAMES.other;
    return new HttpError(410, message('listing.removedByModeration', { reason: message(reason) }), {
      details: { moderation_reason: removal.reason, removed_at: removal.at.toISOString() },
    });
  };

  route(app, CATALOGUE_ROUTES.listing, {}, async (request) => {
    const { id } = request.params;
    const listing = await listings.view(id, request.user, request.locale);
    if (!listing) throw await goneOrMissing(id);
    const result = { data: listing };
    if (request.user?.id !== result.data.seller.id) await repository.countView(id);
    return result;
  });

  route(app, CATALOGUE_ROUTES.seller, {}, async (request) => {
    const { id } = request.params;
    const seller = await repository.seller(id);
    if (!seller) throw notFound();
    const { data: reviews } = await repository.reviews(id, undefined, NEWEST_REVIEWS);
    return { data: { ...seller, reviews } };
  });

  route(app, CATALOGUE_ROUTES.sellerReviews, {}, async (request) => {
    const { id } = request.params;
    const seller = await repository.seller(id);
    if (!seller) throw notFound();
    const { cursor } = request.query;
    const page = await repository.reviews(
      id,
      cursor === undefined ? undefined : decodePageCursor(CATALOGUE_ROUTES.sellerReviews.cursor, cursor),
      PAGE_SIZE.default,
    );
    return { rating: seller.rating, ...page };
  });

  route(app, CATALOGUE_ROUTES.ownListings, { onRequest: requireUser }, async (request) => {
    const seller = signedInUser(request);
    const { status = 'active', limit = PAGE_SIZE.default } = request.query;
    const statuses: readonly ListingStatus[] = status === 'ended' ? ENDED : [status];
    const [rows, counts] = await Promise.all([
      repository.listOwn(seller.id, statuses, cursorOf(request.query.cursor), limit, request.locale),
      repository.countByStatus(seller.id),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const now = new Date();
    return {
      data: page.map((row) => ({
        ...toCard(row),
        category: row.category,
        updated_at: row.updated_at.toISOString(),
        expires_at: row.expires_at?.toISOString() ?? null,
        views: row.views,
        photo_count: row.photo_count ?? 0,
        saves: row.saves ?? 0,
        actions: sellerActions(row.status, row.expires_at, now),
      })),
      next_cursor:
        rows.length > limit && last
          ? encodePageCursor(CATALOGUE_ROUTES.ownListings.cursor, { at: last.updated_at, id: last.id })
          : null,
      counts: Object.fromEntries(
        ['draft', 'active', 'paused', 'reserved', 'sold', 'expired', 'removed'].map((state) => [
          state,
          counts[state as ListingStatus] ?? 0,
        ]),
      ) as Record<ListingStatus, number>,
    };
  });

  route(app, CATALOGUE_ROUTES.createListing, { onRequest: requireUser }, async (request, reply) => {
    const seller = signedInUser(request);
    await limiter.enforce(`listing-drafts:${seller.id}`, throttles.drafts, {
      field: 'category_id',
      message: (seconds) => message('listing.tooManyDrafts', { seconds }),
    });
    const id = await listings.createDraft(seller, request.body.category_id ?? null);
    return reply.code(201).send(await answer(request, id, seller));
  });

  route(app, CATALOGUE_ROUTES.updateListing, { onRequest: requireUser }, async (request) => {
    const seller = signedInUser(request);
    const { id } = request.params;
    await listings.update(seller, id, request.body);
    await announce(id);
    return answer(request, id, seller);
  });

  route(app, CATALOGUE_ROUTES.reportListing, { onRequest: requireUser }, async (request, reply) => {
    const reporter = signedInUser(request);
    const { id } = request.params;
    await limiter.enforce(`listing-reports:${reporter.id}`, throttles.reports, {
      field: 'reason',
      message: (seconds) => message('report.tooMany', { seconds }),
    });
    const { reason, details = null } = request.body;
    await app.catalogue.reports.report(reporter, id, { reason, details });
    return reply.code(201).send({ data: { listing_id: id, reason } });
  });

  route(app, CATALOGUE_ROUTES.listingAction, { onRequest: requireUser }, async (request) => {
    const transition = TRANSITION_PATHS[request.params.action];
    const seller = signedInUser(request);
    const { id } = request.params;
    if (transition === 'publish') requireVerifiedEmail(seller, 'account.verifyBeforePublishing');
    await listings.act(seller, id, transition);
    await announce(id);
    return answer(request, id, seller);
  });

  route(app, CATALOGUE_ROUTES.deleteListing, { onRequest: requireUser }, async (request, reply) => {
    const { id } = request.params;
    await listings.delete(signedInUser(request), id);
    await announce(id);
    return reply.code(204).send();
  });

  route(app, CATALOGUE_ROUTES.listingHistory, { onRequest: requireUser }, async (request) => {
    const seller = signedInUser(request);
    const { id } = request.params;
    const row = await repository.findRow(id);
    if (!row || row.seller_id !== seller.id) throw notFound();
    return { data: await repository.events(id) };
  });

  photoUploadRoutes(app, PHOTO_MAX_BYTES, (uploads) => {
    route(
      uploads,
      CATALOGUE_ROUTES.addListingPhoto,
      { onRequest: requireUser, config: { upload: true }, bodyLimit: PHOTO_MAX_BYTES },
      async (request, reply) => {
        const seller = signedInUser(request);
        const { id } = request.params;
        if (!Buffer.isBuffer(request.body)) {
          throw ValidationError.forField(
            'photos',
            encodeMessage(message('rule.image', { field: message('listing.field.photos') })),
          );
        }
        await limiter.enforce(`listing-photos:${seller.id}`, throttles.photos, {
          field: 'photos',
          message: (seconds) => message('profile.tooManyUploads', { seconds }),
        });
        return reply.code(201).send({ data: await photos.add(seller, id, request.body) });
      },
    );
  });

  route(app, CATALOGUE_ROUTES.deleteListingPhoto, { onRequest: requireUser }, async (request, reply) => {
    await photos.remove(signedInUser(request), request.params.id, request.params.photoId);
    return reply.code(204).send();
  });

  route(app, CATALOGUE_ROUTES.orderListingPhotos, { onRequest: requireUser }, async (request, reply) => {
    await photos.reorder(signedInUser(request), request.params.id, request.body.photo_ids);
    return reply.code(204).send();
  });

  return Promise.resolve();
}

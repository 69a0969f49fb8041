import { describe, expect, it } from 'vitest';
import { ACCOUNT_API } from '../account/account-addresses';
import { ACCOUNT_ROUTES } from '../account/account-routes';
import { BLOCKS_API } from '../blocks/blocks-api';
import { BLOCKS_ROUTES } from '../blocks/blocks-routes';
import { CATALOGUE_API } from '../catalogue/api-addresses';
import { CATALOGUE_ROUTES } from '../catalogue/catalogue-routes';
import { CHAT_API } from '../chat/chat-api';
import { CHAT_ROUTES } from '../chat/chat-routes';
import { FAVOURITES_API } from '../favourites/favourites-api';
import { FAVOURITES_ROUTES } from '../favourites/favourites-routes';
import { NOTIFICATIONS_API } from '../notifications/notifications-addresses';
import { NOTIFICATIONS_ROUTES } from '../notifications/notifications-routes';
import { ORDERS_API } from '../orders/order-rules';
import { ORDERS_ROUTES } from '../orders/orders-routes';
import { SAVED_SEARCHES_API } from '../saved-searches/saved-searches-api';
import { SAVED_SEARCHES_ROUTES } from '../saved-searches/saved-searches-routes';
import { SEARCH_API } from '../search/search-api';
import { SEARCH_ROUTES } from '../search/search-routes';
import { TEST_SIGN_IN_API } from '../auth';
import { AUTH_ROUTES } from '../auth/auth-routes';
import { BROADCASTING_ROUTES } from '../broadcasting/broadcasting-routes';
import { BROADCASTING_PATHS } from '../realtime-essentials';
import { idParamsSchema, bigintIdParamsSchema } from './route-params';
import { routePath } from './api-route';
import { z } from 'zod/mini';

// The schema-free address tables stay for pages that must not download zod; each must say what the route table says.
describe('the address tables agree with the route table', () => {
  const id = { id: 7 };
  it.each([
    [CATALOGUE_API.categories, routePath(CATALOGUE_ROUTES.categories.path)],
    [CATALOGUE_API.listings, routePath(CATALOGUE_ROUTES.listings.path)],
    [CATALOGUE_API.listings, routePath(CATALOGUE_ROUTES.createListing.path)],
    [CATALOGUE_API.listing(7), routePath(CATALOGUE_ROUTES.listing.path, id)],
    [CATALOGUE_API.listing(7), routePath(CATALOGUE_ROUTES.updateListing.path, id)],
    [CATALOGUE_API.listing(7), routePath(CATALOGUE_ROUTES.deleteListing.path, id)],
    [
      CATALOGUE_API.listingAction(7, 'mark-sold'),
      routePath(CATALOGUE_ROUTES.listingAction.path, { id: 7, action: 'mark-sold' }),
    ],
    [CATALOGUE_API.listingHistory(7), routePath(CATALOGUE_ROUTES.listingHistory.path, id)],
    [CATALOGUE_API.listingReport(7), routePath(CATALOGUE_ROUTES.reportListing.path, id)],
    [CATALOGUE_API.listingPhotos(7), routePath(CATALOGUE_ROUTES.addListingPhoto.path, id)],
    [CATALOGUE_API.listingPhoto(7, 9), routePath(CATALOGUE_ROUTES.deleteListingPhoto.path, { id: 7, photoId: 9 })],
    [CATALOGUE_API.listingPhotoOrder(7), routePath(CATALOGUE_ROUTES.orderListingPhotos.path, id)],
    [CATALOGUE_API.ownListings, routePath(CATALOGUE_ROUTES.ownListings.path)],
    [CATALOGUE_API.seller(7), routePath(CATALOGUE_ROUTES.seller.path, id)],
    [CATALOGUE_API.sellerReviews(7), routePath(CATALOGUE_ROUTES.sellerReviews.path, id)],
    [FAVOURITES_API.list, routePath(FAVOURITES_ROUTES.list.path)],
    [FAVOURITES_API.ids, routePath(FAVOURITES_ROUTES.ids.path)],
    [FAVOURITES_API.favourite(7), routePath(FAVOURITES_ROUTES.save.path, { listingId: 7 })],
    [FAVOURITES_API.favourite(7), routePath(FAVOURITES_ROUTES.remove.path, { listingId: 7 })],
    [BLOCKS_API.list, routePath(BLOCKS_ROUTES.list.path)],
    [BLOCKS_API.user(7), routePath(BLOCKS_ROUTES.block.path, { userId: 7 })],
    [BLOCKS_API.user(7), routePath(BLOCKS_ROUTES.unblock.path, { userId: 7 })],
    [SAVED_SEARCHES_API.list, routePath(SAVED_SEARCHES_ROUTES.list.path)],
    [SAVED_SEARCHES_API.list, routePath(SAVED_SEARCHES_ROUTES.save.path)],
    [SAVED_SEARCHES_API.one(7), routePath(SAVED_SEARCHES_ROUTES.change.path, id)],
    [SAVED_SEARCHES_API.one(7), routePath(SAVED_SEARCHES_ROUTES.remove.path, id)],
    [SAVED_SEARCHES_API.seen(7), routePath(SAVED_SEARCHES_ROUTES.seen.path, id)],
    [ORDERS_API.orders, routePath(ORDERS_ROUTES.create.path)],
    [ORDERS_API.orders, routePath(ORDERS_ROUTES.open.path)],
    [ORDERS_API.history, routePath(ORDERS_ROUTES.history.path)],
    [ORDERS_API.totals, routePath(ORDERS_ROUTES.totals.path)],
    [ORDERS_API.order(7), routePath(ORDERS_ROUTES.order.path, id)],
    [ORDERS_API.review(7), routePath(ORDERS_ROUTES.review.path, id)],
    [ORDERS_API.action(7, 'hand_over'), routePath(ORDERS_ROUTES.act.path, { id: 7, action: 'hand-over' })],
    [CHAT_API.conversations, routePath(CHAT_ROUTES.start.path)],
    [CHAT_API.conversations, routePath(CHAT_ROUTES.list.path)],
    [CHAT_API.unreadCount, routePath(CHAT_ROUTES.unreadCount.path)],
    [CHAT_API.conversation(7), routePath(CHAT_ROUTES.conversation.path, id)],
    [CHAT_API.messages(7), routePath(CHAT_ROUTES.messages.path, id)],
    [CHAT_API.messages(7), routePath(CHAT_ROUTES.send.path, id)],
    [CHAT_API.photos(7, 'abc').split('?')[0], routePath(CHAT_ROUTES.sendPhoto.path, id)],
    [CHAT_API.read(7), routePath(CHAT_ROUTES.read.path, id)],
    [CHAT_API.archive(7), routePath(CHAT_ROUTES.archive.path, id)],
    [CHAT_API.archive(7), routePath(CHAT_ROUTES.unarchive.path, id)],
    [CHAT_API.report(7), routePath(CHAT_ROUTES.report.path, id)],
    [NOTIFICATIONS_API.list, routePath(NOTIFICATIONS_ROUTES.list.path)],
    [NOTIFICATIONS_API.unreadCount, routePath(NOTIFICATIONS_ROUTES.unreadCount.path)],
    [NOTIFICATIONS_API.read(7), routePath(NOTIFICATIONS_ROUTES.read.path, id)],
    [NOTIFICATIONS_API.readAll, routePath(NOTIFICATIONS_ROUTES.readAll.path)],
    [NOTIFICATIONS_API.settings, routePath(NOTIFICATIONS_ROUTES.settings.path)],
    [NOTIFICATIONS_API.settings, routePath(NOTIFICATIONS_ROUTES.changeSettings.path)],
    [ACCOUNT_API.sessions, routePath(ACCOUNT_ROUTES.sessions.path)],
    [ACCOUNT_API.session('a b'), routePath(ACCOUNT_ROUTES.endSession.path, { handle: 'a b' })],
    [SEARCH_API.results, routePath(SEARCH_ROUTES.results.path)],
    [SEARCH_API.facets, routePath(SEARCH_ROUTES.facets.path)],
    [SEARCH_API.suggestions, routePath(SEARCH_ROUTES.suggestions.path)],
    [SEARCH_API.place, routePath(SEARCH_ROUTES.place.path)],
    [NOTIFICATIONS_API.unsubscribe, routePath(NOTIFICATIONS_ROUTES.unsubscribe.path)],
    [NOTIFICATIONS_API.unsubscribe, routePath(NOTIFICATIONS_ROUTES.unsubscribePage.path)],
    [NOTIFICATIONS_API.testEvent, routePath(NOTIFICATIONS_ROUTES.testEvent.path)],
    [ORDERS_API.testClock, routePath(ORDERS_ROUTES.testClock.path)],
    [SAVED_SEARCHES_API.testAlerts, routePath(SAVED_SEARCHES_ROUTES.testAlerts.path)],
    [TEST_SIGN_IN_API, routePath(AUTH_ROUTES.testSignIn.path)],
    [BROADCASTING_PATHS.channelAuth, routePath(BROADCASTING_ROUTES.channelAuth.path)],
    [BROADCASTING_PATHS.userAuth, routePath(BROADCASTING_ROUTES.userAuth.path)],
    [ACCOUNT_API.password, routePath(ACCOUNT_ROUTES.changePassword.path)],
    [ACCOUNT_API.forgotPassword, routePath(ACCOUNT_ROUTES.forgotPassword.path)],
    [ACCOUNT_API.resetPassword, routePath(ACCOUNT_ROUTES.resetPassword.path)],
    [ACCOUNT_API.verifyEmail, routePath(ACCOUNT_ROUTES.verifyEmail.path)],
    [ACCOUNT_API.resendVerification, routePath(ACCOUNT_ROUTES.resendVerification.path)],
    [ACCOUNT_API.deleteAccount, routePath(ACCOUNT_ROUTES.deleteAccount.path)],
    [ACCOUNT_API.export, routePath(ACCOUNT_ROUTES.export.path)],
    [ACCOUNT_API.sessions, routePath(ACCOUNT_ROUTES.endOtherSessions.path)],
  ])('%s', (address, fromTable) => {
    expect(fromTable).toBe(address);
  });
});

describe('routePath', () => {
  it('fills in and percent-encodes each parameter', () => {
    expect(routePath('/api/account/sessions/:handle', { handle: 'a/b?' })).toBe('/api/account/sessions/a%2Fb%3F');
  });

  it('refuses to build an address with a parameter missing', () => {
    expect(() => routePath('/api/listings/:id', {})).toThrow(':id');
  });
});

describe('id parameters', () => {
  const parses = (schema: z.ZodMiniType, id: string) => z.safeParse(schema, { id }).success;

  it('reads an integer column id from 1 to 2^31 - 1, in plain digits', () => {
    expect(z.parse(idParamsSchema, { id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    for (const id of ['0', '2147483648', '01', '1e3', '-1', ' 1', '1.0', ''])
      expect(parses(idParamsSchema, id)).toBe(false);
  });

  it('reads a bigint column id as far as JavaScript holds it exactly', () => {
    expect(z.parse(bigintIdParamsSchema, { id: '9007199254740991' })).toEqual({ id: 9_007_199_254_740_991 });
    expect(parses(bigintIdParamsSchema, '9007199254740992')).toBe(false);
    expect(parses(bigintIdParamsSchema, '0')).toBe(false);
  });
});

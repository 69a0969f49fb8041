import { ACCOUNT_ROUTES, issueMessage, message, OPEN_ORDER_STATUSES, type OpenOrderRef } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { renewSession, requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { PasswordGuesses, type PasswordGuessLimits, verifyPassword } from '../auth';
import { avatarStorageKey } from '../media';
import { ProfileRepository, toProfile } from '../profile';
import { eraseUser, UsersRepository } from '../users';
import './events';
import { describeUserAgent } from './user-agent';
import { toChatMessage } from '../chat';

export interface AccountDataRoutesOptions {
  guesses: PasswordGuessLimits;
}

/** The orders, as buyer or seller, that are not finished: they keep an account from being deleted. */
function openOrdersOf(db: Kysely<Database>, userId: number): Promise<OpenOrderRef[]> {
  return db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .select(['orders.id', 'listings.title'])
    .where((eb) => eb.or([eb('orders.buyer_id', '=', userId), eb('orders.seller_id', '=', userId)]))
    .where('orders.status', 'in', OPEN_ORDER_STATUSES)
    .orderBy('orders.id')
    .execute();
}

/**
 * Deleting an account and downloading its data (issue 17, decision 026).
 *
 * Deletion, in one transaction: refused while an order is open; the confirmation e-mail is queued
 * to the address the account had (before it is erased); listings are removed; personal data
 * (name, e-mail, phone, avatar, addresses, birthday, company, delivery addresses given in orders)
 * is erased, and everything that is only the user's (favourites, saved searches, notifications,
 * settings, tokens, unsent mail) deleted. The user's row stays, marked deleted, so that finished
 * orders and reviews keep naming their other party ("Deleted user"); its address is replaced, so
 * it is free for a new registration. Sessions end in the transaction; their real-time
 * connections close after the commit.
 *
 * Chat's conversations stay, with every message (the user's row stays, so their foreign keys
 * hold): the other party sees "Deleted user" by `users.deleted_at`, as orders do, can no longer
 * write to them (409), and no e-mail goes to the erased account (decision 024).
 */
export function accountDataRoutes(app: FastifyInstance, options: AccountDataRoutesOptions): Promise<void> {
  const guesses = new PasswordGuesses(app.db, options.guesses);
  const users = new UsersRepository(app.db);
  const profiles = new ProfileRepository(app.db);

  route(app, ACCOUNT_ROUTES.deleteAccount, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    await guesses.count(user.email, request.ip, { field: 'password', key: 'account.passwordThrottled' });
    const credentials = await users.findCredentialsByEmail(user.email);
    if (!(await verifyPassword(credentials?.password_hash, request.body.password))) {
      throw ValidationError.forField('password', issueMessage('account.wrongPassword'));
    }
    await guesses.succeeded(user.email, request.ip);

    const { avatarKey, closeConnections } = await app.events.run(async (unit) => {
      const trx = unit.db;
      // The row locked first: an order being placed with this user waits for the answer.
      const row = await trx
        .selectFrom('users')
        .select('avatar_key')
        .where('id', '=', user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const open = await openOrdersOf(trx, user.id);
      if (open.length > 0) {
        throw new HttpError(409, message('account.deleteOpenOrders', { count: open.length }), {
          details: { open_orders: open },
        });
      }
      await app.notifications.forgetMailOf(trx, user.id);
      await app.notifications.notifyIn(unit, {
        userId: user.id,
        category: 'account',
        type: 'account.deleted',
        emailOnly: true,
        locale: request.locale,
      });
      // Every module removes or erases what it keeps of the user (listings, favourites, …).
      await unit.emit('account.deleting', { userId: user.id, at: new Date() });
      await trx.deleteFrom('account_tokens').where('user_id', '=', user.id).execute();
      await eraseUser(trx, user.id);
      const close = await app.sessions.deleteAllForUserIn(trx, user.id);
      return { avatarKey: row.avatar_key, closeConnections: close };
    });
    closeConnections();
    if (avatarKey) {
      await app.storage.delete(avatarStorageKey(avatarKey)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not delete a deleted account’s avatar file');
      });
    }
    // This browser goes on as a guest, with a new session and CSRF token.
    request.session = null;
    request.user = null;
    await renewSession(request, reply, null);
    return reply.code(204).send();
  });

  route(app, ACCOUNT_ROUTES.export, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    const record = await profiles.find(user.id, request.locale);
    if (!record) throw new Error(`user ${user.id} has no row`);
    const listings = await app.db
      .selectFrom('listings')
      .selectAll()
      .where('seller_id', '=', user.id)
      .orderBy('id')
      .execute();
    const photos =
      listings.length === 0
        ? []
        : await app.db
            .selectFrom('listing_photos')
            .select(['listing_id', 'key', 'position', 'width', 'height', 'created_at'])
            .where(
              'listing_id',
              'in',
              listings.map((listing) => listing.id),
            )
            .orderBy('position')
            .execute();
    const orders = await app.db
      .selectFrom('orders')
      .selectAll()
      .where((eb) => eb.or([eb('buyer_id', '=', user.id), eb('seller_id', '=', user.id)]))
      .orderBy('id')
      .execute();
    const orderIds = orders.map((order) => order.id);
    const events =
      orderIds.length === 0
        ? []
        : await app.db
            .selectFrom('order_events')
            .select(['id', 'order_id', 'actor_id', 'action', 'from_status', 'to_status', 'data', 'created_at'])
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute();
    const reviews =
      orderIds.length === 0
        ? []
        : await app.db
            .selectFrom('reviews')
            .select(['id', 'order_id', 'author_id', 'subject_id', 'side', 'rating', 'text', 'created_at'])
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute();
    const favourites = await app.db
      .selectFrom('favourites')
      .select(['listing_id', 'saved_price_fils', 'saved_status', 'created_at'])
      .where('user_id', '=', user.id)
      .execute();
    const savedSearches = await app.db
      .selectFrom('saved_searches')
      .select(['id', 'name', 'query', 'alerts', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    const notificationSettings = await app.db
      .selectFrom('notification_settings')
      .select(['category', 'channel', 'enabled', 'updated_at'])
      .where('user_id', '=', user.id)
      .execute();
    const sessions = (await app.sessions.listForUser(user.id)).map((session) => ({
      ...describeUserAgent(session.userAgent),
      signed_in_at: session.createdAt.toISOString(),
      last_active_at: session.lastActivityAt.toISOString(),
      current: session.id === request.session?.id,
    }));
    // Conversations with what this user wrote in them; the other party's words are theirs to export.
    const conversations = await app.db
      .selectFrom('conversations')
      .select(['id', 'listing_id', 'buyer_id', 'created_at'])
      .where((eb) => eb.or([eb('buyer_id', '=', user.id), eb('seller_id', '=', user.id)]))
      .orderBy('id')
      .execute();
    const written = await app.db
      .selectFrom('messages')
      .selectAll()
      .where('sender_id', '=', user.id)
      .orderBy('id')
      .execute();
    const verified = await app.db
      .selectFrom('users')
      .select(['email_verified_at', 'created_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();

    const data = {
      exported_at: new Date().toISOString(),
      profile: { ...toProfile(record), email_verified_at: verified.email_verified_at, created_at: verified.created_at },
      listings: listings.map((listing) => ({
        ...listing,
        photos: photos
          .filter((photo) => photo.listing_id === listing.id)
          .map((photo) => ({ key: photo.key, position: photo.position, width: photo.width, height: photo.height })),
      })),
      orders: orders.map((order) => ({
        ...order,
        client_key: undefined,
        role: order.buyer_id === user.id ? 'buyer' : 'seller',
        // The buyer's address is theirs: a seller's export leaves it out.
        delivery_address: order.buyer_id === user.id ? order.delivery_address : null,
        events: events.filter((event) => event.order_id === order.id),
        reviews: reviews.filter((review) => review.order_id === order.id),
      })),
      conversations: conversations.map((conversation) => ({
        id: conversation.id,
        listing_id: conversation.listing_id,
        role: conversation.buyer_id === user.id ? 'buyer' : 'seller',
        created_at: conversation.created_at,
        my_messages: written
          .filter((row) => row.conversation_id === conversation.id)
          .map((row) => {
            const { id, kind, body, photo, created_at } = toChatMessage(row);
            return { id, kind, body, photo, created_at };
          }),
      })),
      favourites,
      saved_searches: savedSearches,
      notification_settings: notificationSettings,
      sessions,
    };
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="marketplace-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  return Promise.resolve();
}

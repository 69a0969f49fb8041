import { API_MESSAGES, encodeMessage, message, PHOTO_UPLOAD, type User } from '@marketplace/contracts';
import { SUPPORT_LIMITS, SUPPORT_ROUTES } from '@marketplace/contracts/support';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { photoUploadRoutes } from '../../plugins/photo-bodies';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError } from '../../plugins/validation';
import { staffMay } from '@marketplace/contracts/staff';
import { atTheDesk, StaffRepository } from '../staff';
import { addTicketPhoto, ticketPhotoFile } from './ticket-photos';
import { listForUser, ownTicket, ownerView, findTicket, type TicketRow } from './ticket-views';
import { createTicket, ownerReply } from './ticket-writes';

export interface SupportRoutesOptions {
  /** New tickets from one e-mail address (a visitor's, or a user's account's) in an hour. */
  perAddress: AttemptLimit;
  /** New tickets from one client address in an hour. */
  perNetwork: AttemptLimit;
  /** Replies and photos on one ticket in an hour (its owner's side). */
  perTicket: AttemptLimit;
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * Support for visitors and users (issue 30): the form's token, a new ticket behind the spam guard
 * (a hidden field, a minimum fill time, limits per address and per network), a user's tickets, and a
 * visitor's ticket by its signed link. What is not yours is a 404.
 */
export function supportRoutes(
  app: FastifyInstance,
  { perAddress, perNetwork, perTicket }: SupportRoutesOptions,
): Promise<void> {
  const { deps } = app.support;
  const limiter = new RateLimiter(app.db);
  const staff = new StaffRepository(app.db);

  /** Staff whose role reads tickets, past their second factor (what the back-office's routes ask). */
  const staffMayRead = async (request: FastifyRequest) => {
    const { user, session } = request;
    if (!user || !session) return false;
    const role = await staff.roleOf(user.id);
    return role !== undefined && staffMay(role, 'support.view') && atTheDesk(staff, user.id, session.id);
  };

  const countOn = (ticketId: number, field: string) =>
    limiter.enforce(`support-ticket:${ticketId}`, perTicket, {
      field,
      message: (seconds) => message('support.tooManyReplies', { seconds }),
    });

  /** A visitor's ticket by its link: a tampered link, or one of another ticket, opens nothing. */
  const byToken = async (token: string): Promise<TicketRow> => {
    const id = deps.links.ticketId(token);
    const row = id === null ? undefined : await findTicket(app.db, id);
    if (!row || row.user_id !== null || !deps.links.matches(token, row.id, row.email)) throw notFound();
    return row;
  };
  const own = async (user: User, id: number) => {
    const row = await ownTicket(app.db, user.id, id);
    if (!row) throw notFound();
    return row;
  };

  route(app, SUPPORT_ROUTES.form, {}, () => ({ data: { form_token: deps.forms.issue() } }));

  route(app, SUPPORT_ROUTES.references, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const [orders, listings] = await Promise.all([
      app.db
        .selectFrom('orders')
        .innerJoin('listings', 'listings.id', 'orders.listing_id')
        .select(['orders.id', 'listings.title', 'orders.buyer_id'])
        .where((eb) => eb.or([eb('orders.buyer_id', '=', user.id), eb('orders.seller_id', '=', user.id)]))
        .orderBy('orders.id', 'desc')
        .limit(SUPPORT_LIMITS.referencesMax)
        .execute(),
      app.db
        .selectFrom('listings')
        .select(['id', 'title'])
        .where('seller_id', '=', user.id)
        .where('title', 'is not', null)
        .orderBy('id', 'desc')
        .limit(SUPPORT_LIMITS.referencesMax)
        .execute(),
    ]);
    return {
      data: {
        orders: orders.map((row) => ({
          id: row.id,
          title: row.title ?? '',
          role: row.buyer_id === user.id ? ('buyer' as const) : ('seller' as const),
        })),
        listings: listings.map((row) => ({ id: row.id, title: row.title ?? '' })),
      },
    };
  });

  route(app, SUPPORT_ROUTES.create, {}, async (request, reply) => {
    const body = request.body;
    // The hidden field: only a program fills it. It is told all went well, and nothing is kept.
    if (body.website?.trim()) return reply.code(202).send({ data: { received: true } });
    const form = deps.forms.check(body.form_token);
    if (form !== 'ok') {
      const refusal = message(form === 'too-fast' ? 'support.tooFast' : 'support.formExpired');
      throw ValidationError.forField('form_token', encodeMessage(refusal));
    }
    const user = request.user;
    const email = user ? user.email : body.email?.trim().toLowerCase();
    if (!email) throw ValidationError.forField('email', encodeMessage(message('support.emailRequired')));
    await limiter.enforce(`support-network:${request.ip}`, perNetwork, {
      field: 'form_token',
      message: (seconds) => message('support.tooManyFromNetwork', { seconds }),
    });
    await limiter.enforce(`support-address:${email.toLowerCase()}`, perAddress, {
      field: user ? 'form_token' : 'email',
      message: (seconds) => message('support.tooManyFromAddress', { seconds }),
    });
    const ticket = {
      topic: body.topic,
      message: body.message,
      orderId: body.order_id ?? null,
      listingId: body.listing_id ?? null,
    };
    const from = user ? { user } : { email, name: body.name?.trim() ?? '' };
    const row = await createTicket(deps, from, request.locale, ticket);
    if (!user) return reply.code(202).send({ data: { received: true } });
    return reply.code(201).send({ data: await ownerView(app.db, row, null) });
  });

  route(app, SUPPORT_ROUTES.list, { onRequest: requireUser }, async (request) => ({
    data: await listForUser(app.db, signedInUser(request).id),
  }));

  route(app, SUPPORT_ROUTES.ticket, { onRequest: requireUser }, async (request) => ({
    data: await ownerView(app.db, await own(signedInUser(request), request.params.id), null),
  }));

  route(app, SUPPORT_ROUTES.reply, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const row = await own(user, request.params.id);
    await countOn(row.id, 'body');
    await ownerReply(deps, row.id, user.id, request.body.body);
    return { data: await ownerView(app.db, (await findTicket(app.db, row.id)) ?? row, null) };
  });

  route(app, SUPPORT_ROUTES.visitorTicket, {}, async (request) => {
    const { token } = request.params;
    return { data: await ownerView(app.db, await byToken(token), token) };
  });

  route(app, SUPPORT_ROUTES.visitorReply, {}, async (request) => {
    const { token } = request.params;
    const row = await byToken(token);
    await countOn(row.id, 'body');
    await ownerReply(deps, row.id, null, request.body.body);
    return { data: await ownerView(app.db, (await findTicket(app.db, row.id)) ?? row, token) };
  });

  // A photo arrives as the request's raw body (no multipart): its bytes, whatever the label says.
  photoUploadRoutes(app, PHOTO_UPLOAD.maxBytes, (uploads) => {
    const upload = async (request: FastifyRequest, row: TicketRow, token: string | null) => {
      await countOn(row.id, 'photo');
      await addTicketPhoto(deps, row.id, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
      return { data: await ownerView(app.db, row, token) };
    };
    const options = { config: { upload: true }, bodyLimit: PHOTO_UPLOAD.maxBytes };
    route(uploads, SUPPORT_ROUTES.photo, { ...options, onRequest: requireUser }, async (request, reply) => {
      const row = await own(signedInUser(request), request.params.id);
      return reply.code(201).send(await upload(request, row, null));
    });
    route(uploads, SUPPORT_ROUTES.visitorPhoto, options, async (request, reply) => {
      const { token } = request.params;
      return reply.code(201).send(await upload(request, await byToken(token), token));
    });
  });

  // A ticket photo's file: its owner (signed in, or by the ticket's link) and staff who may read
  // tickets; 404 to anyone else, as for a photo that does not exist.
  route(app, SUPPORT_ROUTES.photoFile, {}, async (request, reply) => {
    const { token } = request.query;
    const user = request.user;
    const bytes = await ticketPhotoFile(deps, request.params.file, async (ticket) => {
      if (token !== undefined && ticket.user_id === null && deps.links.matches(token, ticket.id, ticket.email)) {
        return true;
      }
      if (!user) return false;
      if (ticket.user_id === user.id) return true;
      return staffMayRead(request);
    });
    if (!bytes) return reply.code(404).send({ message: request.translator.t(API_MESSAGES.notFound) });
    return reply.type('image/webp').header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
  });

  return Promise.resolve();
}

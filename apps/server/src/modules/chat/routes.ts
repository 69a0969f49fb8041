import {
  API_MESSAGES,
  CHAT_API,
  conversationResponseSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  message,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  PHOTO_UPLOAD,
  readMessagesSchema,
  reportConversationSchema,
  sendMessageSchema,
  sendPhotoQuerySchema,
  startConversationSchema,
  unreadMessagesSchema,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { photoUploadRoutes } from '../../plugins/photo-bodies';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError, type ZodTypeProvider } from '../../plugins/validation';
import { CHAT_PHOTO_MESSAGES, CHAT_PHOTO_PATH_PREFIX } from './chat-message';

export interface ChatRoutesOptions {
  /** Messages one user may send in a minute, in all conversations (MESSAGES_PER_MINUTE). */
  throttle: AttemptLimit;
  /** Photos one user may send in an hour, in all conversations (PHOTO_UPLOADS_PER_HOUR, as for listings). */
  photoThrottle: AttemptLimit;
  /** Reports one user may send in an hour (REPORTS_PER_HOUR, as for listings). */
  reportThrottle: AttemptLimit;
}

/** A conversation id in an address: anything else names no conversation (404, not 422). */
function idParam(request: FastifyRequest): number {
  const text = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw new HttpError(404, message(API_MESSAGES.notFound));
  return id;
}

/**
 * Chat under /api/conversations (decision 024). Every call is signed in; every change carries the
 * CSRF token (sessions plugin). Only a conversation's two participants reach it: 404 to anyone else.
 */
export function chatRoutes(
  app: FastifyInstance,
  { throttle, photoThrottle, reportThrottle }: ChatRoutesOptions,
): Promise<void> {
  const { chat } = app;
  const limiter = new RateLimiter(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Counts a message against the sender's per-minute limit (429 with Retry-After past it). */
  const countMessage = (senderId: number, field: string) =>
    limiter.enforce(`messages:${senderId}`, throttle, {
      field,
      message: (seconds) => message('chat.tooMany', { seconds }),
    });

  const answer = async (request: FastifyRequest, id: number) => {
    const conversation = await chat.view(signedInUser(request), id, request.locale);
    if (!conversation) throw new HttpError(404, message(API_MESSAGES.notFound));
    return { data: conversation };
  };

  routes.post(
    CHAT_API.conversations,
    {
      onRequest: requireUser,
      schema: {
        body: startConversationSchema,
        response: { 200: conversationResponseSchema, 201: conversationResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, created } = await chat.start(signedInUser(request), request.body.listing_id);
      return reply.code(created ? 201 : 200).send(await answer(request, id));
    },
  );

  routes.get(
    CHAT_API.conversations,
    {
      onRequest: requireUser,
      schema: { querystring: conversationsQuerySchema, response: { 200: conversationsPageSchema } },
    },
    (request) => chat.list(signedInUser(request), request.query.filter, request.query.cursor, request.locale),
  );

  routes.get(
    CHAT_API.unreadCount,
    { onRequest: requireUser, schema: { response: { 200: unreadMessagesSchema } } },
    async (request) => ({ data: { unread_count: await chat.unreadTotal(signedInUser(request).id) } }),
  );

  routes.get(
    '/api/conversations/:id',
    { onRequest: requireUser, schema: { response: { 200: conversationResponseSchema } } },
    (request) => answer(request, idParam(request)),
  );

  routes.get(
    '/api/conversations/:id/messages',
    { onRequest: requireUser, schema: { querystring: messagesQuerySchema, response: { 200: messagesPageSchema } } },
    (request) => chat.messages(signedInUser(request), idParam(request), request.query),
  );

  routes.post(
    '/api/conversations/:id/messages',
    {
      onRequest: requireUser,
      schema: { body: sendMessageSchema, response: { 200: messageResponseSchema, 201: messageResponseSchema } },
    },
    async (request, reply) => {
      const sender = signedInUser(request);
      const id = idParam(request);
      await countMessage(sender.id, 'body');
      const { message: sent, created } = await chat.send(sender, id, request.body);
      return reply.code(created ? 201 : 200).send({ data: sent });
    },
  );

  // A photo arrives as the request's raw body (no multipart): its bytes, whatever the label says.
  photoUploadRoutes(app, PHOTO_UPLOAD.maxBytes, (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/conversations/:id/photos',
      {
        onRequest: requireUser,
        config: { upload: true },
        bodyLimit: PHOTO_UPLOAD.maxBytes,
        schema: {
          querystring: sendPhotoQuerySchema,
          response: { 200: messageResponseSchema, 201: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const sender = signedInUser(request);
        const id = idParam(request);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw ValidationError.forField('photo', CHAT_PHOTO_MESSAGES.notAnImage);
        }
        await countMessage(sender.id, 'photo');
        await limiter.enforce(`chat-photos:${sender.id}`, photoThrottle, {
          field: 'photo',
          message: (seconds) => message('profile.tooManyUploads', { seconds }),
        });
        const { message: sent, created } = await chat.sendPhoto(sender, id, request.query.client_id, request.body);
        return reply.code(created ? 201 : 200).send({ data: sent });
      },
    );
  });

  // A chat photo's file, for the conversation's two participants only: 404 to anyone else, as for
  // a photo that does not exist. Its bytes never change (a new key per upload), so the browser keeps it.
  app.get<{ Params: { file: string } }>(`${CHAT_PHOTO_PATH_PREFIX}:file`, async (request, reply) => {
    const user = request.user;
    const bytes = user ? await chat.photoFile(user, request.params.file) : undefined;
    if (!bytes) return reply.code(404).send({ message: request.translator.t(API_MESSAGES.notFound) });
    return reply.type('image/webp').header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
  });

  routes.post(
    '/api/conversations/:id/read',
    { onRequest: requireUser, schema: { body: readMessagesSchema } },
    async (request, reply) => {
      await chat.read(signedInUser(request), idParam(request), request.body.message_id);
      return reply.code(204).send();
    },
  );

  for (const [method, archived] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    routes.route({
      method,
      url: '/api/conversations/:id/archive',
      onRequest: requireUser,
      handler: async (request, reply) => {
        await chat.archive(signedInUser(request), idParam(request), archived);
        return reply.code(204).send();
      },
    });
  }

  routes.post(
    '/api/conversations/:id/report',
    { onRequest: requireUser, schema: { body: reportConversationSchema } },
    async (request, reply) => {
      const reporter = signedInUser(request);
      const id = idParam(request);
      await limiter.enforce(`conversation-reports:${reporter.id}`, reportThrottle, {
        field: 'reason',
        message: (seconds) => message('report.tooMany', { seconds }),
      });
      await chat.report(reporter, id, request.body.reason);
      return reply.code(201).send({ data: { conversation_id: id } });
    },
  );

  return Promise.resolve();
}

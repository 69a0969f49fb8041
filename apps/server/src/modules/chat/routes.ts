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
  readMessagesSchema,
  reportConversationSchema,
  sendMessageSchema,
  startConversationSchema,
  unreadMessagesSchema,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import type { ZodTypeProvider } from '../../plugins/validation';

export interface ChatRoutesOptions {
  /** Messages one user may send in a minute, in all conversations (MESSAGES_PER_MINUTE). */
  throttle: AttemptLimit;
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
export function chatRoutes(app: FastifyInstance, { throttle, reportThrottle }: ChatRoutesOptions): Promise<void> {
  const { chat } = app;
  const limiter = new RateLimiter(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
      await limiter.enforce(`messages:${sender.id}`, throttle, {
        field: 'body',
        message: (seconds) => message('chat.tooMany', { seconds }),
      });
      const { message: sent, created } = await chat.send(sender, id, request.body);
      return reply.code(created ? 201 : 200).send({ data: sent });
    },
  );

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

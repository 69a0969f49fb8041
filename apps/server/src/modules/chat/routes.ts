import { API_MESSAGES, CHAT_ROUTES, message, PHOTO_UPLOAD } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { photoUploadRoutes } from '../../plugins/photo-bodies';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError } from '../../plugins/validation';
import { CHAT_PHOTO_MESSAGES } from './chat-message';

export interface ChatRoutesOptions {
  /** Messages one user may send in a minute, in all conversations (MESSAGES_PER_MINUTE). */
  throttle: AttemptLimit;
  /** Photos one user may send in an hour, in all conversations (PHOTO_UPLOADS_PER_HOUR, as for listings). */
  photoThrottle: AttemptLimit;
  /** Reports one user may send in an hour (REPORTS_PER_HOUR, as for listings). */
  reportThrottle: AttemptLimit;
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

  route(app, CHAT_ROUTES.start, { onRequest: requireUser }, async (request, reply) => {
    const { id, created } = await chat.start(signedInUser(request), request.body.listing_id);
    return reply.code(created ? 201 : 200).send(await answer(request, id));
  });

  route(app, CHAT_ROUTES.list, { onRequest: requireUser }, (request) =>
    chat.list(
      signedInUser(request),
      request.query.filter,
      request.query.cursor,
      request.locale,
      undefined,
      request.query.order,
    ),
  );

  route(app, CHAT_ROUTES.unreadCount, { onRequest: requireUser }, async (request) => ({
    data: { unread_count: await chat.unreadTotal(signedInUser(request).id) },
  }));

  route(app, CHAT_ROUTES.conversation, { onRequest: requireUser }, (request) => answer(request, request.params.id));

  route(app, CHAT_ROUTES.messages, { onRequest: requireUser }, (request) =>
    chat.messages(signedInUser(request), request.params.id, request.query),
  );

  route(app, CHAT_ROUTES.send, { onRequest: requireUser }, async (request, reply) => {
    const sender = signedInUser(request);
    const { id } = request.params;
    await countMessage(sender.id, 'body');
    const { message: sent, created } = await chat.send(sender, id, request.body);
    return reply.code(created ? 201 : 200).send({ data: sent });
  });

  // A photo arrives as the request's raw body (no multipart): its bytes, whatever the label says.
  photoUploadRoutes(app, PHOTO_UPLOAD.maxBytes, (uploads) => {
    route(
      uploads,
      CHAT_ROUTES.sendPhoto,
      { onRequest: requireUser, config: { upload: true }, bodyLimit: PHOTO_UPLOAD.maxBytes },
      async (request, reply) => {
        const sender = signedInUser(request);
        const { id } = request.params;
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
  route(app, CHAT_ROUTES.photoFile, {}, async (request, reply) => {
    const user = request.user;
    const bytes = user ? await chat.photoFile(user, request.params.file) : undefined;
    if (!bytes) return reply.code(404).send({ message: request.translator.t(API_MESSAGES.notFound) });
    return reply.type('image/webp').header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
  });

  route(app, CHAT_ROUTES.read, { onRequest: requireUser }, async (request, reply) => {
    await chat.read(signedInUser(request), request.params.id, request.body.message_id);
    return reply.code(204).send();
  });

  for (const [definition, archived] of [
    [CHAT_ROUTES.archive, true],
    [CHAT_ROUTES.unarchive, false],
  ] as const) {
    route(app, definition, { onRequest: requireUser }, async (request, reply) => {
      await chat.archive(signedInUser(request), request.params.id, archived);
      return reply.code(204).send();
    });
  }

  route(app, CHAT_ROUTES.report, { onRequest: requireUser }, async (request, reply) => {
    const reporter = signedInUser(request);
    const { id } = request.params;
    await limiter.enforce(`conversation-reports:${reporter.id}`, reportThrottle, {
      field: 'reason',
      message: (seconds) => message('report.tooMany', { seconds }),
    });
    await chat.report(reporter, id, request.body.reason);
    return reply.code(201).send({ data: { conversation_id: id } });
  });

  return Promise.resolve();
}

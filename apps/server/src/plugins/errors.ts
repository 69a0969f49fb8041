import { API_MESSAGES, type FieldErrors, type Message } from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { renderFieldErrors } from './i18n';
import { ValidationError } from './validation';

/**
 * An error whose message is meant for the caller, with the HTTP status it answers with. A Message is
 * rendered in the request's language when the answer is sent; plain text (for machines: the Pusher
 * HTTP API, the health check) is sent as it is. Field errors are encoded messages.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly userMessage: Message | string,
    readonly options: {
      headers?: Record<string, string>;
      errors?: FieldErrors;
      /** More of the answer's body, beside its message (the open orders that keep an account). */
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(typeof userMessage === 'string' ? userMessage : translators.en.text(userMessage));
  }
}

export const errors = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError | ValidationError, request, reply) => {
      const { translator } = request;
      if (error instanceof ValidationError) {
        return reply
          .code(422)
          .send({ message: translator.t(API_MESSAGES.invalid), errors: renderFieldErrors(translator, error.errors) });
      }
      if (error instanceof HttpError) {
        const { headers = {}, errors, details } = error.options;
        return reply
          .code(error.statusCode)
          .headers(headers)
          .send({
            message: translator.text(error.userMessage),
            ...(errors && { errors: renderFieldErrors(translator, errors) }),
            ...details,
          });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large) are safe to show;
        // they are in English, so other languages get ours.
        const message =
          translator.locale === 'en' ? error.message : translator.t(status === 413 ? 'api.tooLarge' : 'api.badRequest');
        return reply.code(status).send({ message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: translator.t(API_MESSAGES.serverError) });
    });
    return Promise.resolve();
  },
  { name: 'errors', dependencies: ['i18n'] },
);

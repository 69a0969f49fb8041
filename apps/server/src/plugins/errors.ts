import { API_MESSAGES, type FieldErrors } from '@marketplace/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from './validation';

/** An error whose message is meant for the user, with the HTTP status it answers with. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: { headers?: Record<string, string>; errors?: FieldErrors } = {},
  ) {
    super(message);
  }
}

export const errors = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError | ValidationError, request, reply) => {
      if (error instanceof ValidationError) {
        return reply.code(422).send({ message: error.message, errors: error.errors });
      }
      if (error instanceof HttpError) {
        const { headers = {}, errors } = error.options;
        return reply
          .code(error.statusCode)
          .headers(headers)
          .send({ message: error.message, ...(errors && { errors }) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large) are safe to show.
        return reply.code(status).send({ message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: API_MESSAGES.serverError });
    });
    return Promise.resolve();
  },
  { name: 'errors' },
);

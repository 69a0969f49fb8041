import {
  API_MESSAGES,
  message,
  type ApiRoute,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod/mini';
import { HttpError } from './errors';

/** The request a route's handler sees: its parameters, query and body parsed by the route's schemas. */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}>;

/** A handler answers with one of the route's answers, or sends its own (a status, no content). */
export type RouteHandler<R extends ApiRoute> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteResponse<R> | FastifyReply> | RouteResponse<R> | FastifyReply;

/** What a module adds to a route: its hooks (sign-in), its body limit, its config. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers `definition` (from the contracts' route table) on `app`: Fastify validates the query
 * string and the body and serializes the answers with the definition's schemas. The path's
 * parameters are parsed first thing in the handler, after the body and query, as the routes did by
 * hand: a parameter that does not parse is a 404 (it names nothing), and a request with a bad body
 * as well keeps its 422.
 */
export function route<R extends ApiRoute>(
  app: FastifyInstance,
  definition: R,
  options: RouteOptions,
  handler: RouteHandler<R>,
): void {
  const { method, path, params, querystring, body, response } = definition;
  app.route({
    ...options,
    method,
    url: path,
    ...((querystring ?? body ?? response) && {
      schema: { ...(querystring && { querystring }), ...(body && { body }), ...(response && { response }) },
    }),
    handler: async (request, reply) => {
      if (params) {
        const parsed = z.safeParse(params, request.params);
        if (!parsed.success) throw new HttpError(404, message(API_MESSAGES.notFound));
        request.params = parsed.data;
      }
      return handler(request as RouteRequest<R>, reply);
    },
  });
}

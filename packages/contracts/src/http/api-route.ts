import type { z } from 'zod/mini';
import type { PageCursorShape } from './page-cursor';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.core.$ZodType;

/**
 * One route of the API as both sides read it: its method and path (`:name` for a parameter), and
 * the schemas of its parameters, query string, body and answers (by status). The server registers
 * it from here (`apps/server/src/plugins/api-route.ts`) and the web calls it through it
 * (`apps/web/src/lib/api-route.ts`), so an address, a rule or a shape is written once.
 */
export interface ApiRoute {
  readonly method: ApiMethod;
  readonly path: string;
  /** A parameter that does not parse names nothing: the server answers 404, never 422. */
  readonly params?: Schema;
  readonly querystring?: Schema;
  readonly body?: Schema;
  readonly response?: Readonly<Partial<Record<number, Schema>>>;
  /** A paged list: the shape of its `cursor` and `next_cursor` (page-cursor.ts). */
  readonly cursor?: PageCursorShape;
}

/** Keeps each schema's own type, so a handler and a call get the parsed types. */
export const defineRoute = <const R extends ApiRoute>(route: R): R => route;

type OutputOf<S> = S extends Schema ? z.output<S> : undefined;
type InputOf<S> = S extends Schema ? z.input<S> : undefined;

/** What the server's handler reads, parsed. */
export type RouteParams<R extends ApiRoute> = OutputOf<R['params']>;
export type RouteQuery<R extends ApiRoute> = OutputOf<R['querystring']>;
/** A route without a body schema takes its body as it comes (a photo's bytes, a form checked by hand). */
export type RouteBody<R extends ApiRoute> = R['body'] extends Schema ? z.output<R['body']> : unknown;
/** What a caller sends. */
export type RouteBodyInput<R extends ApiRoute> = R['body'] extends Schema ? z.input<R['body']> : unknown;
/** Any of the route's JSON answers, as the server writes it. */
export type RouteResponse<R extends ApiRoute> =
  R['response'] extends Readonly<Partial<Record<number, Schema>>>
    ? { [S in keyof R['response']]: InputOf<R['response'][S]> }[keyof R['response']]
    : unknown;

/** A parameter as a caller gives it: ids are numbers, the rest text. */
export type RoutePathValues<R extends ApiRoute> = R['params'] extends Schema
  ? { [K in keyof z.output<R['params']>]: string | number }
  : Record<string, never>;

/**
 * The route's path with its parameters filled in, each percent-encoded; a parameter missing from
 * `values` is a programming error (it throws rather than call `/api/listings/undefined`).
 */
export function routePath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

import {
  routePath,
  type ApiRoute,
  type RouteBodyInput,
  type RoutePathValues,
  type RouteResponse,
} from '@marketplace/contracts/api-route';
import { http, type HttpResponse, type RequestConfig } from './http';

/** A call of a route of the contracts' table: the path's values, and the body the route takes. */
export interface RouteCall<R extends ApiRoute> {
  params?: RoutePathValues<R>;
  body?: RouteBodyInput<R> | Blob;
  config?: RequestConfig;
}

/** The route's address with `params` filled in (a call's query string goes in `config.params`). */
export const routeUrl = <R extends ApiRoute>(route: R, params?: RoutePathValues<R>): string =>
  routePath(route.path, params);

function send<R extends ApiRoute>(route: R, { params, body, config }: RouteCall<R>): Promise<HttpResponse> {
  const url = routeUrl(route, params);
  switch (route.method) {
    case 'GET':
      return http.get(url, config);
    case 'DELETE':
      return http.delete(url, config);
    case 'POST':
      return http.post(url, body, config);
    case 'PUT':
      return http.put(url, body, config);
    case 'PATCH':
      return http.patch(url, body, config);
  }
}

/**
 * Calls `route` through the one HTTP client and answers with its body, typed by the route's answer
 * schema but not parsed: the server already checks what it sends, and parsing here would make the
 * page download zod. `parse` (a route's own schema) checks it where a page does so anyway.
 */
export async function callRoute<R extends ApiRoute, T = RouteResponse<R>>(
  route: R,
  call: RouteCall<R> = {},
  parse?: (data: unknown) => T,
): Promise<T> {
  const response = await send(route, call);
  return parse ? parse(response.data) : (response.data as T);
}

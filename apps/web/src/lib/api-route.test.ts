import { defineRoute, idParamsSchema } from '@marketplace/contracts';
import { z } from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import { callRoute, routeUrl } from './api-route';
import { http, type HttpRequest } from './http';
import { browserTransport } from './http-transport';

const listing = defineRoute({ method: 'PATCH', path: '/api/listings/:id', params: idParamsSchema });
const session = defineRoute({
  method: 'DELETE',
  path: '/api/account/sessions/:handle',
  params: z.object({ handle: z.string() }),
});
const listings = defineRoute({ method: 'GET', path: '/api/listings' });

function server(data: unknown) {
  const sent: HttpRequest[] = [];
  http.transport = (request) => {
    sent.push(request);
    return Promise.resolve({ data, status: 200, headers: new Headers() });
  };
  return sent;
}

afterEach(() => {
  http.transport = browserTransport;
});

describe('a call through the route table', () => {
  it('fills in the path, percent-encoded', () => {
    expect(routeUrl(listing, { id: 7 })).toBe('/api/listings/7');
    expect(routeUrl(session, { handle: 'a/b' })).toBe('/api/account/sessions/a%2Fb');
  });

  it('sends the route’s method, its body as JSON and the query string, and answers with the body', async () => {
    const sent = server({ data: { id: 7 } });
    await expect(callRoute(listing, { params: { id: 7 }, body: { title: 'Desk' } })).resolves.toEqual({
      data: { id: 7 },
    });
    await callRoute(listings, { config: { params: { cursor: 'abc', limit: undefined } } });
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PATCH', url: '/api/listings/7', body: '{"title":"Desk"}' },
      { method: 'GET', url: '/api/listings?cursor=abc', body: undefined },
    ]);
  });

  it('gives the answer to the page’s parser when it has one', async () => {
    server({ data: { id: 7 } });
    const parse = (body: unknown) => (body as { data: { id: number } }).data.id;
    await expect(callRoute(listing, { params: { id: 7 } }, parse)).resolves.toBe(7);
  });
});

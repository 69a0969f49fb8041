import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, http, HttpError, isHttpError, type HttpRequest } from './http';
import { browserTransport, NetworkError } from './http-transport';
import { pageNavigation } from './page-navigation';

/** Answers every request with `status` and records what was sent, instead of using the network. */
function server(status: number, headers: Record<string, string> = {}, data: unknown = { message: 'answer' }) {
  const sent: HttpRequest[] = [];
  http.transport = (request) => {
    sent.push(request);
    return Promise.resolve({ data, status, headers: new Headers(headers) });
  };
  return sent;
}

function pageCsrfToken(token: string) {
  document.head.innerHTML = `<meta name="csrf-token" content="${token}">`;
}

const csrfTokenOfPage = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
}

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  document.head.innerHTML = '';
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/profile?tab=address#city');
});

afterEach(() => {
  http.transport = browserTransport;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the HTTP client', () => {
  it('marks every request as made by script and sends the page’s CSRF token', async () => {
    pageCsrfToken('token-from-page');
    const sent = server(200);
    await http.put('/user/profile', {});
    expect(sent[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent[0]?.headers.get('Accept')).toBe('application/json');
    expect(sent[0]?.headers.get('X-CSRF-TOKEN')).toBe('token-from-page');
  });

  it('sends no CSRF header when the page carries no token', async () => {
    const sent = server(200);
    await http.get('/cities');
    expect(sent[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent[0]?.headers.has('X-CSRF-TOKEN')).toBe(false);
  });

  it('keeps the token the server rotates at login for the next requests', async () => {
    pageCsrfToken('old');
    server(200, { 'x-csrf-token': 'rotated' });
    await http.post('/login', {});
    const sent = server(200);
    await http.post('/logout', {});
    expect(sent[0]?.headers.get('X-CSRF-TOKEN')).toBe('rotated');
  });

  it('sends the browser to /login on a 401, remembering the page it was on', async () => {
    server(401);
    await expect(http.get('/user/profile')).rejects.toThrow();
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fprofile%3Ftab%3Daddress%23city');
  });

  it('leaves a 401 to the sign-in probe that expects one', async () => {
    server(401);
    await expect(http.get('/user', { skipAuthRedirect: true })).rejects.toThrow();
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not send the login page to itself', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fprofile');
    server(401);
    await expect(http.get('/user/profile')).rejects.toThrow();
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not redirect on other failures', async () => {
    server(500);
    await expect(http.get('/user/profile')).rejects.toThrow();
    server(403);
    await expect(http.get('/user/profile')).rejects.toThrow();
    expect(assign).not.toHaveBeenCalled();
  });

  it('retries once with the current token when the page’s token was stale (419)', async () => {
    pageCsrfToken('stale-token');
    const sent: HttpRequest[] = [];
    http.transport = (request) => {
      sent.push(request);
      const status = request.headers.get('X-CSRF-TOKEN') === 'current-token' ? 200 : 419;
      const headers = new Headers({ 'x-csrf-token': 'current-token' });
      return Promise.resolve({ data: { message: 'CSRF token mismatch.' }, status, headers });
    };
    const response = await http.put('/user/profile', { first_name: 'Layla' });
    expect(response.status).toBe(200);
    expect(sent.map((request) => request.headers.get('X-CSRF-TOKEN'))).toEqual(['stale-token', 'current-token']);
    const body = JSON.stringify({ first_name: 'Layla' });
    expect(sent.map((request) => request.body)).toEqual([body, body]);
  });

  it('gives up after one retry: a second 419 is a refusal', async () => {
    pageCsrfToken('stale-token');
    const sent = server(419, { 'x-csrf-token': 'still-refused' });
    await expect(http.put('/user/profile', {})).rejects.toThrow('status code 419');
    expect(sent).toHaveLength(2);
  });

  it('does not retry a 419 that brings no token (no session at all)', async () => {
    pageCsrfToken('stale-token');
    const sent = server(419);
    await expect(http.put('/user/profile', {})).rejects.toThrow('status code 419');
    expect(sent).toHaveLength(1);
  });

  it('sends a body as JSON, and a Blob as it is with its own content type', async () => {
    const sent = server(201);
    await http.post('/api/listings', { category_id: 2 });
    const photo = new Blob([new Uint8Array(8)], { type: 'image/webp' });
    await http.post('/api/listings/5/photos', photo, { headers: { 'Content-Type': 'image/webp' } });
    await http.delete('/api/listings/5');
    expect(sent.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: '{"category_id":2}' },
      { method: 'POST', body: photo },
      { method: 'DELETE', body: undefined },
    ]);
    expect(sent.map(({ headers }) => headers.get('Content-Type'))).toEqual(['application/json', 'image/webp', null]);
  });

  it('puts the params in the query string, leaving out those without a value', async () => {
    const sent = server(200);
    await http.get('/api/me/listings', { params: { status: 'sold', cursor: undefined, limit: 20 } });
    await http.get('/api/listings?category=laptops', { params: { cursor: 'a&b' } });
    await http.get('/api/listings', { params: {} });
    expect(sent.map(({ url }) => url)).toEqual([
      '/api/me/listings?status=sold&limit=20',
      '/api/listings?category=laptops&cursor=a%26b',
      '/api/listings',
    ]);
  });

  it('fails with the answer’s status, body and headers outside 2xx', async () => {
    const body = { message: 'The given data was invalid.', errors: { title: ['Too short'] } };
    server(422, { 'retry-after': '3' }, body);
    const error = await failureOf(http.patch('/api/listings/5', { title: 'x' }));
    expect(isHttpError(error, 422)).toBe(true);
    expect(isHttpError(error, 404)).toBe(false);
    if (!(error instanceof HttpError)) throw new Error('expected an HttpError');
    expect(error.data).toEqual(body);
    expect(error.headers.get('Retry-After')).toBe('3');
    expect(apiError(error)).toEqual({ status: 422, body });
  });

  it('gives a failure without a message in its body the status as message', async () => {
    server(502, {}, '<html>Bad gateway</html>');
    const error = await failureOf(http.get('/api/listings'));
    expect(apiError(error)).toEqual({ status: 502, body: { message: 'Request failed with status code 502' } });
  });

  it('lets a request hook change every request until it is taken off', async () => {
    const sent = server(200);
    const remove = http.onRequest((request) => request.headers.set('X-Socket-ID', '123.456'));
    await http.post('/api/listings/5/pause');
    remove();
    await http.post('/api/listings/5/resume');
    expect(sent.map(({ headers }) => headers.get('X-Socket-ID'))).toEqual(['123.456', null]);
  });
});

/** What `fetch` was called with, answering `response` (or failing as the network does). */
function stubFetch(response: Response | TypeError) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    response instanceof TypeError ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the browser transport, by fetch', () => {
  it('sends the request with the session’s cookies and parses a JSON answer', async () => {
    pageCsrfToken('token');
    const fetch = stubFetch(json(200, { data: { id: 5 } }, { 'X-CSRF-TOKEN': 'next' }));
    const response = await http.patch('/api/listings/5', { title: 'iPhone' });
    expect(response).toMatchObject({ status: 200, data: { data: { id: 5 } } });
    expect(response.headers.get('x-csrf-token')).toBe('next');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/listings/5');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"title":"iPhone"}' });
    expect(init?.keepalive).toBeUndefined();
    expect(new Headers(init?.headers).get('X-CSRF-TOKEN')).toBe('token');
    expect(csrfTokenOfPage()).toBe('next');
  });

  it('asks fetch to keep the request alive past the page when told to', async () => {
    const fetch = stubFetch(json(200, { data: {} }));
    await http.patch('/api/listings/5', { title: 'iPhone' }, { keepalive: true });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'PATCH', keepalive: true });
  });

  it('gives no data for an empty answer (204)', async () => {
    stubFetch(new Response(null, { status: 204 }));
    const response = await http.put('/api/locale', { locale: 'ar' });
    expect(response.status).toBe(204);
    expect(response.data).toBeUndefined();
  });

  it('parses only JSON: other text comes as it is', async () => {
    stubFetch(new Response('OK', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    expect((await http.get('/up')).data).toBe('OK');
    stubFetch(new Response('{"a":1}', { status: 200, headers: { 'Content-Type': 'application/problem+json' } }));
    expect((await http.get('/up')).data).toEqual({ a: 1 });
  });

  it('fails with the API’s error body on a refusal', async () => {
    stubFetch(json(404, { message: 'Not Found' }));
    const error = await failureOf(http.get('/api/listings/999'));
    expect(isHttpError(error, 404)).toBe(true);
    expect(apiError(error)).toEqual({ status: 404, body: { message: 'Not Found' } });
  });

  it('fails with a NetworkError, no answer and no redirect, when the network fails', async () => {
    const cause = new TypeError('Failed to fetch');
    stubFetch(cause);
    const error = await failureOf(http.get('/user/profile'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(cause);
    expect(isHttpError(error)).toBe(false);
    expect(apiError(error)).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });
});

/** Stands in for the browser's XMLHttpRequest: records what is sent and answers when told. */
class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  withCredentials = false;
  body: unknown;
  status = 0;
  responseText = '';
  private responseHeaders = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  abort() {
    this.finish('abort');
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable: total > 0 }));
  }
  respond(status: number, headers: Record<string, string>, text: string) {
    this.status = status;
    this.responseHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    this.responseText = text;
    this.finish('load');
  }
  finish(event: 'load' | 'error' | 'abort') {
    this.dispatchEvent(new Event(event));
    this.dispatchEvent(new Event('loadend'));
  }
}

describe('the browser transport, by XMLHttpRequest for an upload', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  const upload = (config: { signal?: AbortSignal } = {}) => {
    const progress: { loaded: number; total?: number }[] = [];
    const photo = new Blob([new Uint8Array(100)], { type: 'image/jpeg' });
    const response = http.post('/api/listings/5/photos', photo, {
      headers: { 'Content-Type': 'image/jpeg' },
      onUploadProgress: (event) => progress.push(event),
      ...config,
    });
    return { response, progress, photo };
  };
  const sentXhr = async () => {
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    return FakeXhr.sent[0] as FakeXhr;
  };

  it('sends the Blob as it is, reports its progress and parses the answer', async () => {
    pageCsrfToken('token');
    const { response, progress, photo } = upload();
    const xhr = await sentXhr();
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/listings/5/photos', withCredentials: true });
    expect(xhr.body).toBe(photo);
    expect(xhr.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-csrf-token': 'token',
      'x-requested-with': 'XMLHttpRequest',
    });
    xhr.progress(40, 100);
    xhr.progress(100, 0);
    xhr.respond(201, { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': 'next' }, '{"data":{"id":31}}');
    await expect(response).resolves.toMatchObject({ status: 201, data: { data: { id: 31 } } });
    expect(progress).toEqual([{ loaded: 40, total: 100 }, { loaded: 100 }]);
    expect(csrfTokenOfPage()).toBe('next');
  });

  it('fails with the API’s error body on a refusal', async () => {
    const { response } = upload();
    const body = { message: 'The given data was invalid.', errors: { photos: ['Not an image'] } };
    (await sentXhr()).respond(422, { 'content-type': 'application/json' }, JSON.stringify(body));
    expect(apiError(await failureOf(response))).toEqual({ status: 422, body });
  });

  it('stops the upload when its signal aborts, failing with a NetworkError', async () => {
    const controller = new AbortController();
    const { response } = upload({ signal: controller.signal });
    await sentXhr();
    controller.abort();
    expect(await failureOf(response)).toBeInstanceOf(NetworkError);
  });

  it('does not send an upload whose signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await failureOf(upload({ signal: controller.signal }).response)).toBeInstanceOf(NetworkError);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('fails with a NetworkError when the network fails', async () => {
    const { response } = upload();
    (await sentXhr()).finish('error');
    const error = await failureOf(response);
    expect(error).toBeInstanceOf(NetworkError);
    expect(apiError(error)).toBeUndefined();
  });
});

import type { ApiErrorBody } from '@marketplace/contracts';
import { readCsrfToken, storeCsrfToken } from './csrf';
import {
  browserTransport,
  type HttpMethod,
  type HttpRequest,
  type HttpResponse,
  type Transport,
  type UploadProgress,
} from './http-transport';
import { loadServerMessages } from './i18n/load-catalogue';
import { loginPathReturningTo } from './login-redirect';
import { pageNavigation } from './page-navigation';
import { paths } from './paths';

export type { HttpRequest, HttpResponse, Transport } from './http-transport';

export interface RequestConfig {
  /** The query string; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  /** Set after the client's own, so they win (a photo's Content-Type). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request may outlive the page: the save sent as the tab closes. */
  keepalive?: boolean;
  /** Reports the body's upload; the request then goes by XMLHttpRequest. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** The sign-in probe expects 401 when signed out; it must not bounce the page to /login. */
  skipAuthRedirect?: boolean;
}

/** The server answered outside 2xx; `data` is its parsed body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly headers: Headers,
  ) {
    // The text axios gave; apiError shows it when the body carries no message.
    super(`Request failed with status code ${status}`);
    this.name = 'HttpError';
  }
}

/** Whether `error` is the server's refusal (with that `status`, when given). */
export const isHttpError = (error: unknown, status?: number): error is HttpError =>
  error instanceof HttpError && (status === undefined || error.status === status);

/** Sees (and may change) every request just before it is sent, retries included. */
export type RequestHook = (request: HttpRequest) => void;

function withQuery(url: string, params: RequestConfig['params']): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/**
 * Counts the times this tab signed out (here or in another tab). A 401 to a request sent before
 * the latest is the old session's answer, not news: the page already knows, and is on its way home.
 */
let signOuts = 0;
export function sessionEnded(): void {
  signOuts += 1;
}

/** The one HTTP client: the specification's headers, its CSRF and 401 rules live here and nowhere else. */
class HttpClient {
  /** How requests reach the server; component tests put a fake server here (src/test/fake-api.ts). */
  transport: Transport = browserTransport;
  private readonly hooks = new Set<RequestHook>();

  /** Adds `hook` to every request from now on; the returned function takes it off. */
  onRequest(hook: RequestHook): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  get(url: string, config?: RequestConfig) {
    return this.request('GET', url, undefined, config);
  }
  post(url: string, body?: unknown, config?: RequestConfig) {
    return this.request('POST', url, body, config);
  }
  put(url: string, body?: unknown, config?: RequestConfig) {
    return this.request('PUT', url, body, config);
  }
  patch(url: string, body?: unknown, config?: RequestConfig) {
    return this.request('PATCH', url, body, config);
  }
  delete(url: string, config?: RequestConfig) {
    return this.request('DELETE', url, undefined, config);
  }

  /**
   * Sends a JSON body as JSON and a Blob as it is; resolves with a 2xx answer and throws an
   * HttpError for any other (a NetworkError when none came).
   */
  private async request(
    method: HttpMethod,
    url: string,
    body: unknown,
    config: RequestConfig = {},
    csrfRetried = false,
  ): Promise<HttpResponse> {
    const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
    const raw = body instanceof Blob;
    if (body !== undefined && !raw) headers.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
    const token = readCsrfToken();
    if (token) headers.set('X-CSRF-TOKEN', token);
    const request: HttpRequest = {
      method,
      url: withQuery(url, config.params),
      headers,
      ...(body !== undefined && { body: raw ? body : JSON.stringify(body) }),
      ...(config.signal && { signal: config.signal }),
      ...(config.keepalive && { keepalive: true }),
      ...(config.onUploadProgress && { onUploadProgress: config.onUploadProgress }),
    };
    for (const hook of this.hooks) hook(request);

    const sentAfter = signOuts;
    // What the server answers a change or a refusal with may be in its own words, which the page's
    // first strings leave out (build/page-messages.ts): they load while the request is out.
    const words = method === 'GET' ? undefined : serverWords();
    const response = await this.transport(request);
    const { status } = response;
    const fresh = response.headers.get('x-csrf-token');
    if (status >= 200 && status < 300) {
      if (fresh) storeCsrfToken(fresh);
      await words;
      return response;
    }
    // A page reading something that is not there (404) or a visitor's sign-in probe (401) words it
    // itself; if it shows the server's words after all, they load then (i18n-store.ts).
    await (words ?? (status === 401 || status === 404 ? undefined : serverWords()));
    if (status === 401 && !config.skipAuthRedirect && sentAfter === signOuts) redirectToLogin();
    // 419 with the session's current token: this page's copy was stale (rotated by a login in
    // another tab). Take the new one and try once more; a second 419 is a real refusal.
    if (status === 419 && !csrfRetried && fresh) {
      storeCsrfToken(fresh);
      return this.request(method, url, body, config, true);
    }
    throw new HttpError(status, response.data, response.headers);
  }
}

export const http = new HttpClient();

/** The server's words, before the answer that may carry them is shown; none (a failed load) is no reason to fail. */
const serverWords = () => loadServerMessages().catch(() => undefined);

/**
 * A full page load rather than a router navigation: the session is gone, so the page's CSRF token
 * and every cached answer belong to it; the login page arrives with a fresh token.
 */
export function redirectToLogin(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.login) return;
  pageNavigation.assign(loginPathReturningTo(`${pathname}${search}${hash}`));
}

/** The API's error body, when the failure came from the API. */
export function apiError(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (!isHttpError(error)) return undefined;
  const body = error.data as Partial<ApiErrorBody> | undefined;
  return {
    status: error.status,
    body: {
      message: typeof body?.message === 'string' ? body.message : error.message,
      ...(body?.errors && { errors: body.errors }),
    },
  };
}

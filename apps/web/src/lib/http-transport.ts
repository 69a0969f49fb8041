export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How much of a request's body has gone; `total` is absent when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total?: number;
}

/** A request as it goes on the wire: the client (./http.ts) has set its headers and encoded its body. */
export interface HttpRequest {
  method: HttpMethod;
  /** With its query string. */
  url: string;
  headers: Headers;
  /** JSON text, or a Blob (a photo) sent as it is. */
  body?: string | Blob;
  signal?: AbortSignal;
  /** The request may outlive the page (fetch's keepalive): the save sent as the tab closes. */
  keepalive?: boolean;
  /** Progress of the body's upload; such a request goes by XMLHttpRequest, as fetch cannot report it. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** An answer, whatever its status: JSON parsed, other text as it came, undefined when empty. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  data: unknown;
}

/**
 * Sends a request and resolves with the server's answer, any status; rejects with a NetworkError
 * when there is none. The client's rules (headers, CSRF, 401, 419) are not its business, so a test
 * can put a fake one in their place (`http.transport`, see src/test/fake-api.ts).
 */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** No answer came: the network failed or the request was aborted. */
export class NetworkError extends Error {
  constructor(request: HttpRequest, cause: unknown) {
    super(`${request.method} ${request.url} got no answer`, { cause });
    this.name = 'NetworkError';
  }
}

const isJson = (headers: Headers) => /[/+]json\b/i.test(headers.get('content-type') ?? '');

function decode(status: number, headers: Headers, text: string): HttpResponse {
  if (!text || !isJson(headers)) return { status, headers, data: text || undefined };
  try {
    return { status, headers, data: JSON.parse(text) as unknown };
  } catch {
    // A proxy's page sent as JSON, say: the caller gets the text, as a non-JSON answer.
    return { status, headers, data: text };
  }
}

/** Same-origin API calls; `include` as the client always sent (axios's withCredentials). */
async function sendByFetch(request: HttpRequest): Promise<HttpResponse> {
  const { method, url, headers, body, signal, keepalive } = request;
  try {
    const response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      ...(body !== undefined && { body }),
      ...(signal && { signal }),
      ...(keepalive && { keepalive }),
    });
    return decode(response.status, response.headers, await response.text());
  } catch (error) {
    throw new NetworkError(request, error);
  }
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function sendByXhr(request: HttpRequest): Promise<HttpResponse> {
  const { method, url, headers, body, signal, onUploadProgress } = request;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new NetworkError(request, signal.reason));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) =>
      onUploadProgress?.({ loaded: event.loaded, ...(event.lengthComputable && { total: event.total }) }),
    );
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    xhr.addEventListener('load', () => resolve(decode(xhr.status, responseHeaders(xhr), xhr.responseText)));
    xhr.addEventListener('error', () => reject(new NetworkError(request, new Error('network error'))));
    xhr.addEventListener('abort', () => reject(new NetworkError(request, signal?.reason)));
    xhr.send(body ?? null);
  });
}

/** The browser's network: fetch, or XMLHttpRequest when the caller follows the upload. */
export const browserTransport: Transport = (request) =>
  request.onUploadProgress ? sendByXhr(request) : sendByFetch(request);

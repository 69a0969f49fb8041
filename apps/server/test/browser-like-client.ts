import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../src/plugins/sessions';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Talks to the app the way the web app does: keeps cookies, reads the CSRF token from the page's
 * <meta> and from rotated X-CSRF-TOKEN headers, and sends it back on every state-changing call.
 */
export class BrowserLikeClient {
  cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(readonly app: FastifyInstance) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** Loads a page, as a browser does before it calls the API. */
  async visit(url = '/'): Promise<LightMyRequestResponse> {
    const response = await this.send({ method: 'GET', url, headers: { accept: 'text/html' } });
    const match = /<meta name="csrf-token" content="([^"]+)">/.exec(response.body);
    if (match?.[1]) this.csrfToken = match[1];
    return response;
  }

  request(
    method: Method,
    url: string,
    payload?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...options.headers,
    };
    if (options.csrf !== false && method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    const inject: InjectOptions = { method, url, headers };
    if (payload !== undefined) inject.payload = payload as NonNullable<InjectOptions['payload']>;
    return this.send(inject);
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload);
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload);

  private async send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { ...(options.headers as Record<string, string>), ...(cookie && { cookie }) },
    });
    for (const { name, value } of response.cookies as { name: string; value: string }[]) {
      this.cookies.set(name, value);
    }
    const rotated = response.headers['x-csrf-token'];
    if (typeof rotated === 'string') this.csrfToken = rotated;
    return response;
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Amira',
  last_name: 'Saleh',
  email: uniqueEmail(),
  password: 'correct horse battery',
  password_confirmation: 'correct horse battery',
  account_type: 'individual',
  ...overrides,
});

/** A new visitor who registers and is signed in. */
export async function signedInClient(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const client = new BrowserLikeClient(app);
  await client.visit('/');
  const registration = validRegistration(overrides);
  const response = await client.post('/register', registration);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return { client, registration, user: response.json<{ data: { id: number } }>().data };
}

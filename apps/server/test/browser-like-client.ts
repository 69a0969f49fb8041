import { AUTH_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../src/plugins/sessions';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let visitors = 0;
/** A client address of its own for each visitor, as people on different networks have (10.0.0.0/8). */
export function nextVisitorAddress(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/**
 * Talks to the app the way the web app does: keeps cookies, reads the CSRF token from the page's
 * <meta> and from rotated X-CSRF-TOKEN headers, and sends it back on every state-changing call.
 * The app is a Fastify instance (requests are injected) or the address of a running server.
 * Each injecting client comes from its own address, so per-address limits apply to it as to one person.
 */
export class BrowserLikeClient {
  cookies = new Map<string, string>();
  csrfToken: string | undefined;

  /** `headers` go with every request: Accept-Language, say. */
  constructor(
    readonly app: FastifyInstance | URL,
    readonly headers: Record<string, string> = {},
    readonly remoteAddress = nextVisitorAddress(),
  ) {}

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
    const withCookie = {
      ...options,
      remoteAddress: this.remoteAddress,
      headers: { ...this.headers, ...(options.headers as Record<string, string>), ...(cookie && { cookie }) },
    };
    const response = this.app instanceof URL ? await overHttp(this.app, withCookie) : await this.app.inject(withCookie);
    for (const { name, value } of response.cookies as { name: string; value: string }[]) {
      this.cookies.set(name, value);
    }
    const rotated = response.headers['x-csrf-token'];
    if (typeof rotated === 'string') this.csrfToken = rotated;
    return response;
  }
}

/** The same request to a server listening at `base`, answered in light-my-request's shape. */
async function overHttp(base: URL, options: InjectOptions): Promise<LightMyRequestResponse> {
  const payload = options.payload;
  const headers = { ...(options.headers as Record<string, string>) };
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const path = typeof options.url === 'string' ? options.url : (options.url?.pathname ?? '/');
  const answer = await fetch(new URL(path, base), {
    method: options.method ?? 'GET',
    headers,
    ...(payload !== undefined && {
      body: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    }),
  });
  const body = await answer.text();
  const cookies = answer.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  return {
    statusCode: answer.status,
    body,
    headers: Object.fromEntries(answer.headers),
    cookies,
    json: () => JSON.parse(body) as unknown,
  } as unknown as LightMyRequestResponse;
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

export interface SignUpOptions {
  /**
   * Whether the new user follows the verification link of the e-mail registration sent (default:
   * yes, as publishing and ordering need it); false for tests of the unverified path.
   */
  verified?: boolean;
}

/**
 * A new visitor, signed in, with the address verified unless `verified: false`. A verified one is
 * written by the server's test hook (POST /api/test/sign-in, as the browser tests' accounts are): one
 * request instead of a registration's password hash, its e-mail and its link, a quarter of the time,
 * for the thousands of users the tests make. An unverified one registers through /register, whose
 * e-mailed link its tests follow, as does everyone on an app built as in production (no test hook).
 * Registration itself is proven by the auth tests.
 */
export async function signedInClient(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  { verified = true }: SignUpOptions = {},
) {
  const client = new BrowserLikeClient(app);
  await client.visit('/');
  const registration = validRegistration(overrides);
  if (verified) {
    const signedIn = await client.post(AUTH_ROUTES.testSignIn.path, { ...registration, verified });
    if (signedIn.statusCode === 200) return { client, registration, user: userOf(signedIn) };
    // An app built as in production has no test hook (404): there the user registers and follows the link.
    if (signedIn.statusCode !== 404) throw new Error(`test sign-in failed: ${signedIn.body}`);
  }
  const response = await client.post(AUTH_ROUTES.register.path, registration);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  const user = userOf(response);
  if (verified) await verifiedAndMailRead(app, client, user.id);
  return { client, registration, user };
}

const userOf = (response: LightMyRequestResponse) => response.json<{ data: { id: number } }>().data;

/**
 * The token of the newest verification link e-mailed to `userId`, read from the mail outbox (the
 * link's path is in the row until it is sent): what the e-mail's reader would follow.
 */
export async function verificationTokenOf(app: FastifyInstance, userId: number): Promise<string> {
  const row = await app.db
    .selectFrom('mail_outbox')
    .select('path')
    .where('user_id', '=', userId)
    .where('template', '=', 'account.verifyEmail')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const token = row?.path ? new URL(row.path, 'http://localhost').searchParams.get('token') : null;
  if (!token) throw new Error(`no verification e-mail for user ${userId}`);
  return token;
}

/** Follows the user's newest verification link as its page does (POST of the token). */
export async function followVerificationLink(
  app: FastifyInstance,
  client: BrowserLikeClient,
  userId: number,
): Promise<void> {
  const response = await client.post('/api/account/email/verify', { token: await verificationTokenOf(app, userId) });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}

/**
 * A registered user's address verified, as the tests of other features want one: the e-mailed link
 * followed, and that e-mail taken out of the outbox as if delivered and read, so a test that counts
 * the user's e-mails counts its own.
 */
async function verifiedAndMailRead(app: FastifyInstance, client: BrowserLikeClient, userId: number): Promise<void> {
  await followVerificationLink(app, client, userId);
  await app.db
    .deleteFrom('mail_outbox')
    .where('user_id', '=', userId)
    .where('template', '=', 'account.verifyEmail')
    .execute();
}

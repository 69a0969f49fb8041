import PusherClient, {
  type Channel,
  type ChannelAuthorizationCallback,
  type UserAuthenticationCallback,
} from 'pusher-js';
import Pusher from 'pusher';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { BrowserLikeClient } from './browser-like-client';
import type { BuildAppOptions } from '../src/app';
import { createTestApp, listenOnLoopback, type TestApp } from './test-app';

/** Known credentials, so tests can sign with the `pusher` SDK as a second server process would. */
export const TEST_PUSHER = { PUSHER_APP_ID: 'test-app', PUSHER_APP_KEY: 'test-key', PUSHER_APP_SECRET: 'test-secret' };

export interface RealtimeTestApp extends TestApp {
  port: number;
  /** The official server SDK, pointed at the embedded server. */
  sdk: Pusher;
}

/** The real app, listening on a free loopback port with the embedded Pusher server. */
export async function startRealtimeApp(
  env: Record<string, string> = {},
  extend?: BuildAppOptions['extend'],
): Promise<RealtimeTestApp> {
  const testApp = await createTestApp({ ...TEST_PUSHER, ...env }, extend);
  const port = await listenOnLoopback(testApp.app);
  const sdk = new Pusher({
    appId: TEST_PUSHER.PUSHER_APP_ID,
    key: TEST_PUSHER.PUSHER_APP_KEY,
    secret: TEST_PUSHER.PUSHER_APP_SECRET,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
  return { ...testApp, port, sdk };
}

type ChannelAuthData = NonNullable<Parameters<ChannelAuthorizationCallback>[1]>;
type UserAuthData = NonNullable<Parameters<UserAuthenticationCallback>[1]>;
type AuthHandler<T> = (body: Record<string, string>, callback: (error: Error | null, data: T | null) => void) => void;

/** Signs through the app's own endpoints with `client`'s session and CSRF token, as the web app does. */
export const viaSession =
  <T = ChannelAuthData>(client: BrowserLikeClient, path = '/broadcasting/auth'): AuthHandler<T> =>
  (body, callback) => {
    client.post(path, body).then(
      (response) => {
        if (response.statusCode === 200) callback(null, response.json<T>());
        else callback(new Error(`${path} answered ${response.statusCode}`), null);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };

/** Signs any channel directly with the SDK, as a trusted back end would: for testing the server alone. */
export const viaSdk =
  (sdk: Pusher, member?: { user_id: string; user_info?: Record<string, unknown> }): AuthHandler<ChannelAuthData> =>
  (body, callback) => {
    callback(null, sdk.authorizeChannel(body.socket_id ?? '', body.channel_name ?? '', member));
  };

/** pusher-js as the web app configures it for the embedded server, with the given authoriser. */
export function connectPusherJs(
  port: number,
  authorize?: AuthHandler<ChannelAuthData>,
  authenticate?: AuthHandler<UserAuthData>,
): PusherClient {
  const channelAuth: AuthHandler<ChannelAuthData> =
    authorize ?? ((_body, callback) => callback(new Error('no authoriser here'), null));
  const userAuth: AuthHandler<UserAuthData> =
    authenticate ?? ((_body, callback) => callback(new Error('no authoriser here'), null));
  return new PusherClient(TEST_PUSHER.PUSHER_APP_KEY, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) =>
        channelAuth({ socket_id: socketId, channel_name: channelName }, callback),
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => userAuth({ socket_id: socketId }, callback),
    },
  });
}

/**
 * connectPusherJs for one test file: every client a test opens is disconnected after it.
 *
 *   const open = pusherClients();
 *   const pusher = open(testApp.port, viaSession(client));
 */
export function pusherClients(): (...args: Parameters<typeof connectPusherJs>) => PusherClient {
  const opened: PusherClient[] = [];
  afterEach(() => {
    for (const client of opened.splice(0)) client.disconnect();
  });
  return (...args) => {
    const client = connectPusherJs(...args);
    opened.push(client);
    return client;
  };
}

export function connected(pusher: PusherClient): Promise<string> {
  return new Promise((resolve) => {
    if (pusher.connection.state === 'connected') resolve(pusher.connection.socket_id);
    else pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id));
  });
}

/** Resolves when the subscription succeeds, rejects with the subscription error. */
export function subscribed(channel: Channel): Promise<unknown> {
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve);
    channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
  });
}

export interface MemberList {
  count: number;
  get(id: string): unknown;
}

const isMemberList = (value: unknown): value is MemberList =>
  typeof value === 'object' && value !== null && 'count' in value && 'get' in value && typeof value.get === 'function';

/** Subscribes to a presence channel; resolves with its (live) member list. */
export async function joinedPresence(channel: Channel): Promise<MemberList> {
  const members = await subscribed(channel);
  if (!isMemberList(members)) throw new Error(`${channel.name} answered without a member list`);
  return members;
}

/** The next `event` on `channel`, with its data. */
export function nextEvent<T = unknown>(channel: Channel, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

function rawText(raw: WebSocket.RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw).toString('utf8');
}

export interface PusherMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A bare WebSocket speaking the protocol by hand, for what pusher-js would never send. */
export class RawSocket {
  readonly messages: PusherMessage[] = [];
  private readonly waiters: {
    match: (message: PusherMessage) => boolean;
    resolve: (message: PusherMessage) => void;
  }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(rawText(raw)) as PusherMessage;
      const waiter = this.waiters.find((candidate) => candidate.match(message));
      if (!waiter) {
        this.messages.push(message);
        return;
      }
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async open(
    port: number,
    options: { path?: string; origin?: string; forwardedFor?: string } = {},
  ): Promise<RawSocket> {
    const path = options.path ?? `/app/${TEST_PUSHER.PUSHER_APP_KEY}?protocol=7&client=test&version=1`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      ...(options.origin && { origin: options.origin }),
      ...(options.forwardedFor && { headers: { 'x-forwarded-for': options.forwardedFor } }),
    });
    const socket = new RawSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Connected and handed a socket id. */
  static async connect(port: number): Promise<{ socket: RawSocket; socketId: string }> {
    const socket = await RawSocket.open(port);
    const established = await socket.next('pusher:connection_established');
    const { socket_id: socketId } = JSON.parse(String(established.data)) as { socket_id: string };
    return { socket, socketId };
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or still to come) with one of these events, and the channel if given. */
  next(events: string | string[], channel?: string): Promise<PusherMessage> {
    const names = [events].flat();
    const match = (message: PusherMessage) =>
      names.includes(message.event) && (channel === undefined || message.channel === channel);
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Subscribes and waits for the answer: subscription_succeeded or subscription_error. */
  async subscribe(channel: string, auth?: string, channelData?: string): Promise<PusherMessage> {
    this.send({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } });
    return this.next(['pusher_internal:subscription_succeeded', 'pusher:subscription_error'], channel);
  }

  close(): void {
    this.ws.close();
  }
}

/** The message of a pusher:error, or '' when it carries none. */
export function errorMessage(message: PusherMessage): string {
  const { data } = message;
  return typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
    ? data.message
    : '';
}

import type { ChannelAuthorization } from '@marketplace/contracts/realtime-essentials';

/**
 * A client for the Pusher protocol 7 over one WebSocket: what the app uses of it and nothing more
 * (public, private and presence channels; ping and pong; reconnection by Pusher's close codes).
 * pusher-js does the same with HTTP fallbacks, encrypted channels, a timeline and a stats service
 * in 17.6 KiB gzip; this is under 2 (decision 016). The protocol:
 * https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol
 */

/** Signs a private or presence channel for this socket (`POST /broadcasting/auth`). */
export type ChannelAuthorizer = (socketId: string, channel: string) => Promise<ChannelAuthorization>;
export type EventCallback = (event: string, data: unknown) => void;

/** The parts of a browser WebSocket this client uses, so tests can stand in for one. */
export interface SocketLike {
  readonly readyState: number;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface PusherConnectionOptions {
  /** `ws(s)://host:port/app/{key}?protocol=7&…` (see `socketUrl` in realtime-options.ts). */
  url: string;
  authorize: ChannelAuthorizer;
  /**
   * Called for each channel joined again after a lost (or renewed) connection, once the server has
   * confirmed it: from then on its events arrive, so the page asks the API for what it missed. Not
   * at the connection itself, whose channels are signed only after it: an event in between would be
   * missed by both.
   */
  onRejoined?: (channel: string) => void;
  /**
   * The server ended the connection because what signed it no longer holds (4009): the session was
   * ended (a logout elsewhere, a suspension) or replaced. Nothing reconnects by itself.
   */
  onUnauthorized?: () => void;
  openSocket?: (url: string) => SocketLike;
}

const OPEN = 1;
/** Pusher closes or refuses with 4000–4099 for good (a wrong key, an old protocol): retrying cannot help. */
const isFatal = (code: number) => code >= 4000 && code < 4100;
/** The fatal code the server closes with when the session that signed the connection has ended. */
const UNAUTHORIZED = 4009;
/** 4200–4299: the server asks for a new connection at once. */
const isReconnectNow = (code: number) => code >= 4200 && code < 4300;
/** pusher-js's defaults: how long a quiet connection waits before it pings, and for the pong. */
const DEFAULT_ACTIVITY_MS = 120_000;
const PONG_TIMEOUT_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

function parseFrame(raw: unknown): { event: string; channel?: string; data: unknown } | null {
  if (typeof raw !== 'string') return null;
  try {
    const frame = JSON.parse(raw) as { event?: unknown; channel?: unknown; data?: unknown };
    if (typeof frame.event !== 'string') return null;
    let { data } = frame;
    // Events carry their data as a JSON string; the protocol's own messages sometimes as an object.
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // Plain text data stays text.
      }
    }
    return { event: frame.event, ...(typeof frame.channel === 'string' && { channel: frame.channel }), data };
  } catch {
    return null;
  }
}

export class PusherConnection {
  private socket: SocketLike | null = null;
  private readonly channels = new Map<string, Set<EventCallback>>();
  private currentSocketId: string | null = null;
  private activityMs = DEFAULT_ACTIVITY_MS;
  private activityTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private connectedBefore = false;
  /** Channels subscribed again after a reconnection, whose confirmation the page still waits for. */
  private readonly rejoining = new Set<string>();
  private stopped = false;

  constructor(private readonly options: PusherConnectionOptions) {
    this.connect();
  }

  /** The id the server gave this connection; sent as X-Socket-ID so our own changes are not echoed back. */
  get socketId(): string | null {
    return this.currentSocketId;
  }

  /** Calls `callback` with each event on `channel`, subscribing on first use; returns the function that stops. */
  subscribe(channel: string, callback: EventCallback): () => void {
    let callbacks = this.channels.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.channels.set(channel, callbacks);
      this.sendSubscribe(channel);
    }
    callbacks.add(callback);
    const own = callbacks;
    return () => {
      own.delete(callback);
      if (own.size > 0 || this.channels.get(channel) !== own) return;
      this.channels.delete(channel);
      this.send('pusher:unsubscribe', { channel });
    };
  }

  /**
   * Sends a client event (`client-…`) to the channel's other subscribers, when connected and
   * subscribed to it; otherwise drops it (what a client event says is of the moment: typing…).
   */
  trigger(channel: string, event: `client-${string}`, data: unknown): void {
    if (this.currentSocketId === null || !this.channels.has(channel)) return;
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ event, channel, data }));
  }

  /** Closes the connection for good (sign-out); nothing reconnects. */
  disconnect(): void {
    this.stopped = true;
    this.currentSocketId = null;
    clearTimeout(this.retryTimer);
    this.channels.clear();
    this.closeSocket();
  }

  /**
   * The session that signed this connection's channels was replaced (a password change renews it,
   * and the server closes what the old one signed, 4009): a new connection, whose channels are
   * signed again under the new session.
   */
  renew(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    this.currentSocketId = null;
    socket?.close();
    this.connect();
  }

  private connect(): void {
    const open = this.options.openSocket ?? ((url: string) => new WebSocket(url));
    const socket = open(this.options.url);
    this.socket = socket;
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(message.data);
    };
    socket.onclose = ({ code }) => {
      if (this.socket === socket) this.lost(code);
    };
    // A connection that fails also closes (1006), so errors are handled there.
  }

  private receive(raw: unknown): void {
    const frame = parseFrame(raw);
    if (!frame) return;
    this.stillAlive();
    const { event, channel, data } = frame;
    switch (event) {
      case 'pusher:connection_established':
        this.established(data);
        return;
      case 'pusher:ping':
        this.send('pusher:pong', {});
        return;
      case 'pusher:pong':
        return;
      case 'pusher_internal:subscription_succeeded':
        if (channel !== undefined && this.rejoining.delete(channel)) this.options.onRejoined?.(channel);
        return;
      case 'pusher:error':
        console.warn('The real-time server reported an error:', data);
        return;
      case 'pusher:subscription_error':
        console.warn(`Live updates on ${channel ?? 'a channel'} were refused.`, data);
        return;
    }
    if (channel === undefined || event.startsWith('pusher_internal:')) return;
    for (const callback of this.channels.get(channel) ?? []) callback(event, data);
  }

  private established(data: unknown): void {
    const details = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    if (typeof details.socket_id !== 'string') return;
    this.currentSocketId = details.socket_id;
    const activitySeconds = details.activity_timeout;
    if (typeof activitySeconds === 'number' && activitySeconds > 0) {
      this.activityMs = Math.min(activitySeconds * 1000, DEFAULT_ACTIVITY_MS);
    }
    this.failures = 0;
    this.stillAlive();
    this.rejoining.clear();
    for (const channel of this.channels.keys()) {
      if (this.connectedBefore) this.rejoining.add(channel);
      this.sendSubscribe(channel);
    }
    this.connectedBefore = true;
  }

  /** Any frame proves the connection alive; after a quiet spell it pings, and no pong in time ends it. */
  private stillAlive(): void {
    clearTimeout(this.pongTimer);
    clearTimeout(this.activityTimer);
    this.activityTimer = setTimeout(() => {
      this.send('pusher:ping', {});
      this.pongTimer = setTimeout(() => this.closeSocket(), PONG_TIMEOUT_MS);
    }, this.activityMs);
  }

  private sendSubscribe(channel: string): void {
    const socketId = this.currentSocketId;
    if (socketId === null) return; // Subscribes once connected.
    if (!channel.startsWith('private-') && !channel.startsWith('presence-')) {
      this.send('pusher:subscribe', { channel });
      return;
    }
    this.options.authorize(socketId, channel).then(
      (signature) => {
        // The connection changed meanwhile (its signature is for the old socket), or nobody listens now.
        if (this.currentSocketId !== socketId || !this.channels.has(channel)) return;
        this.send('pusher:subscribe', { channel, ...signature });
      },
      (error: unknown) => console.warn(`Live updates on ${channel} are unavailable:`, error),
    );
  }

  private send(event: string, data: unknown): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ event, data }));
  }

  private lost(code: number): void {
    this.socket = null;
    this.currentSocketId = null;
    clearTimeout(this.activityTimer);
    clearTimeout(this.pongTimer);
    if (this.stopped) return;
    if (isFatal(code)) {
      if (code === UNAUTHORIZED && this.options.onUnauthorized) this.options.onUnauthorized();
      else console.warn(`The real-time server refused this page for good (${code}); live updates are off.`);
      return;
    }
    // Backs off 1 s, 2 s, 4 s … up to 30 s, with jitter so a restarted server is not hit by every page at once.
    const backoff = Math.min(1000 * 2 ** this.failures, MAX_BACKOFF_MS);
    this.failures += 1;
    const delay = isReconnectNow(code) ? 0 : backoff / 2 + Math.random() * (backoff / 2);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private closeSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    clearTimeout(this.activityTimer);
    clearTimeout(this.pongTimer);
    // Let go of it first: a socket whose close event comes at once (not every implementation waits)
    // must not be lost a second time, which would schedule a second reconnection beside this one.
    this.socket = null;
    socket.close();
    if (!this.stopped) this.lost(1006);
  }
}

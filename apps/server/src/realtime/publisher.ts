import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  PUSHER_LIMITS,
  type RealtimeEventData,
  type RealtimeEventName,
  type RealtimeUserInfo,
} from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import Pusher from 'pusher';
import type { RealtimeConfig } from './realtime-config';

/** A provider that does not answer in this time is logged as failed; the caller's request goes on. */
const PUBLISH_TIMEOUT_MS = 5000;

export interface PresenceMemberData {
  user_id: string;
  user_info: RealtimeUserInfo;
}

export interface SignedInUserData {
  id: string;
  user_info: RealtimeUserInfo;
}

/** What can end the connections a session authorised: the embedded server. */
export interface SessionSockets {
  bindSession(socketId: string, sessionId: string): void;
  endSession(sessionId: string): void;
}

/** The address to reach this process's own server on, or null while it is not listening. */
export type ListeningAddress = () => AddressInfo | string | null;

function loopbackHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

/**
 * Publishes through the official `pusher` SDK, so the same call works against the embedded server,
 * Pusher Channels or any Pusher-compatible server; and signs channel and user authorisations.
 */
export class RealtimePublisher {
  private readonly signer: Pusher;
  private client: Pusher | undefined;
  private readonly agent: http.Agent;

  constructor(
    private readonly config: RealtimeConfig,
    private readonly listeningAddress: ListeningAddress,
    private readonly log: FastifyBaseLogger,
    /** The embedded server, which can end the connections of a session; providers elsewhere cannot. */
    private readonly sessionSockets?: SessionSockets,
  ) {
    const { appId, key, secret } = config;
    // Signing needs only the credentials; the host is never contacted.
    this.signer = new Pusher({ appId, key, secret, host: 'localhost' });
    const useTls = config.driver === 'pusher' || (config.driver === 'self-hosted' && config.scheme === 'https');
    this.agent = useTls ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  /**
   * Sends `event` with `data` to everyone subscribed to `channels` (but `exceptSocketId`, the
   * socket whose action caused it). Never rejects: a failure is logged, and the caller's request
   * goes on. Await it to publish before answering, after the transaction that made the change; the
   * tab that made the change already has the answer, so it can be left out (originating-socket.ts):
   *
   *   await app.realtime.publish(realtimeChannels.user(user.id), 'profile.updated', { user_id: user.id }, {
   *     exceptSocketId: originatingSocketId(request),
   *   });
   */
  async publish<E extends RealtimeEventName>(
    channels: string | readonly string[],
    event: E,
    data: RealtimeEventData<E>,
    options: { exceptSocketId?: string | undefined } = {},
  ): Promise<void> {
    const list = typeof channels === 'string' ? [channels] : [...channels];
    const client = this.publishingClient();
    if (!client) {
      this.log.warn({ event, channels: list }, 'realtime event not published: the server is not listening');
      return;
    }
    const params = options.exceptSocketId === undefined ? undefined : { socket_id: options.exceptSocketId };
    for (let start = 0; start < list.length; start += PUSHER_LIMITS.channelsPerTrigger) {
      const slice = list.slice(start, start + PUSHER_LIMITS.channelsPerTrigger);
      try {
        await client.trigger(slice, event, data, params);
      } catch (error) {
        // Only status and reason: the request URL carries a signature that stays valid for minutes.
        const status = error instanceof Pusher.RequestError ? error.status : undefined;
        const reason = error instanceof Pusher.RequestError ? (error.body ?? error.error.message) : String(error);
        this.log.error({ event, channels: slice, status, reason }, 'realtime event not published');
      }
    }
  }

  /**
   * Whether anyone is subscribed to `channel` now, asked of the provider's HTTP API (the embedded
   * server's too, one code path). False when it cannot say: a caller deciding whether someone is
   * away then errs on the side of telling them.
   */
  async isOccupied(channel: string): Promise<boolean> {
    const client = this.publishingClient();
    if (!client) return false;
    try {
      const response = await client.get({ path: `/channels/${channel}`, params: {} });
      const body = (await response.json()) as { occupied?: unknown };
      return body.occupied === true;
    } catch (error) {
      this.log.warn({ channel, reason: String(error) }, 'realtime channel state unavailable');
      return false;
    }
  }

  /** Pusher's signature for a private channel, or a presence channel with its member. */
  authorizeChannel(socketId: string, channel: string, member?: PresenceMemberData): Pusher.ChannelAuthResponse {
    return this.signer.authorizeChannel(socketId, channel, member);
  }

  /** Pusher's signature for a user sign-in. */
  authenticateUser(socketId: string, user: SignedInUserData): Pusher.UserAuthResponse {
    return this.signer.authenticateUser(socketId, user);
  }

  /** Remembers that the app's session `sessionId` authorised `socketId` (embedded server only). */
  bindSocketToSession(socketId: string, sessionId: string): void {
    this.sessionSockets?.bindSession(socketId, sessionId);
  }

  /**
   * Ends the connections the session authorised (embedded server only). Pusher Channels and other
   * servers can only end a signed-in user's every connection, which would sign out their other
   * devices too; there, a connection ends when its page hears of the logout.
   */
  endSession(sessionId: string): void {
    this.sessionSockets?.endSession(sessionId);
  }

  close(): void {
    this.agent.destroy();
  }

  private publishingClient(): Pusher | undefined {
    if (this.client) return this.client;
    const { config, agent } = this;
    const base = { appId: config.appId, key: config.key, secret: config.secret, agent, timeout: PUBLISH_TIMEOUT_MS };
    switch (config.driver) {
      case 'pusher':
        this.client = new Pusher({ ...base, cluster: config.cluster, useTLS: true });
        break;
      case 'self-hosted':
        this.client = new Pusher({
          ...base,
          host: config.host,
          port: String(config.port),
          useTLS: config.scheme === 'https',
        });
        break;
      case 'embedded': {
        // The embedded server answers on this process's own port, known only once it listens.
        const address = this.listeningAddress();
        if (address === null || typeof address === 'string') return undefined;
        this.client = new Pusher({ ...base, host: loopbackHost(address), port: String(address.port), useTLS: false });
      }
    }
    return this.client;
  }
}

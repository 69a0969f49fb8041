import {
  BROADCASTING_PATHS,
  channelAuthResponseSchema,
  realtimeChannels,
  realtimeEventSchemas,
  realtimePublicConfigSchema,
  userAuthResponseSchema,
  type RealtimeEventData,
  type RealtimeEventName,
} from '@marketplace/contracts';
import PusherClient, { type Channel } from 'pusher-js';
import { appConfig } from './app-config';
import { http } from './http';
import { pusherOptions } from './realtime-options';

export type RealtimeHandlers = { [E in RealtimeEventName]?: (data: RealtimeEventData<E>) => void };
/** Names a channel from the one table of channel names (see `realtimeChannels` in the contracts). */
export type ChannelOf = (channels: typeof realtimeChannels) => string;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** One pusher-js connection for the page; channels are shared by the listeners that ask for them. */
export class RealtimeClient {
  private readonly listeners = new Map<string, number>();
  private readonly interceptor: number;

  constructor(private readonly pusher: PusherClient) {
    // Laravel Echo's convention: the server can leave out the tab whose request caused an event.
    this.interceptor = http.interceptors.request.use((config) => {
      const socketId = this.pusher.connection.socket_id;
      if (socketId) config.headers.set('X-Socket-ID', socketId);
      return config;
    });
  }

  /** Calls `handlers` with each event's data (checked against its schema) until the returned function is called. */
  listen(channelOf: ChannelOf, handlers: RealtimeHandlers): () => void {
    const name = channelOf(realtimeChannels);
    const channel = this.pusher.subscribe(name);
    this.listeners.set(name, (this.listeners.get(name) ?? 0) + 1);
    const bound = Object.keys(handlers)
      .filter((event): event is RealtimeEventName => event in realtimeEventSchemas)
      .map((event) => {
        const callback = (data: unknown) => {
          const parsed = realtimeEventSchemas[event].safeParse(data);
          if (parsed.success) handlers[event]?.(parsed.data);
          else console.warn(`Ignored a malformed ${event} event on ${name}.`);
        };
        channel.bind(event, callback);
        return [event, callback] as const;
      });
    return () => this.stopListening(channel, bound);
  }

  disconnect(): void {
    http.interceptors.request.eject(this.interceptor);
    this.pusher.disconnect();
  }

  private stopListening(channel: Channel, bound: readonly (readonly [string, (data: unknown) => void])[]): void {
    for (const [event, callback] of bound) channel.unbind(event, callback);
    const remaining = (this.listeners.get(channel.name) ?? 1) - 1;
    if (remaining > 0) {
      this.listeners.set(channel.name, remaining);
      return;
    }
    this.listeners.delete(channel.name);
    this.pusher.unsubscribe(channel.name);
  }
}

/**
 * The page's real-time client, from the public settings the server rendered into it; null when
 * they are missing (the page then works without live updates). Channel access is signed through
 * our one HTTP client, so the session cookie, X-CSRF-TOKEN and X-Requested-With go along.
 */
export function createRealtimeClient(): RealtimeClient | null {
  const config = realtimePublicConfigSchema.safeParse(appConfig().realtime);
  if (!config.success) {
    console.warn('The page carries no real-time settings; live updates are off.');
    return null;
  }
  const pusher = new PusherClient(
    config.data.key,
    pusherOptions(config.data, window.location, {
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => {
          http
            .post(BROADCASTING_PATHS.channelAuth, { socket_id: socketId, channel_name: channelName })
            .then((response) => {
              const { auth, channel_data: channelData } = channelAuthResponseSchema.parse(response.data);
              callback(null, channelData === undefined ? { auth } : { auth, channel_data: channelData });
            })
            .catch((error: unknown) => callback(asError(error), null));
        },
      },
      userAuthentication: {
        customHandler: ({ socketId }, callback) => {
          http
            .post(BROADCASTING_PATHS.userAuth, { socket_id: socketId })
            .then((response) => callback(null, userAuthResponseSchema.parse(response.data)))
            .catch((error: unknown) => callback(asError(error), null));
        },
      },
    }),
  );
  return new RealtimeClient(pusher);
}

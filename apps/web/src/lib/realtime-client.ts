import {
  BROADCASTING_PATHS,
  isRealtimeEventData,
  isRealtimeEventName,
  readChannelAuthorization,
  readRealtimeConfig,
  realtimeChannels,
  type RealtimeEventData,
  type RealtimeClientEventName,
  type RealtimeEventName,
} from '@marketplace/contracts/realtime-essentials';
import { appConfig } from './app-config';
import { http } from './http';
import { PusherConnection } from './pusher-connection';
import { socketUrl } from './realtime-options';

export type RealtimeHandlers = { [E in RealtimeEventName]?: (data: RealtimeEventData<E>) => void } & {
  /** After a lost connection is back and this channel joined again: events may have been missed, so ask the API again. */
  reconnected?: () => void;
  /**
   * The server ended the connection because the session that signed its channels ended (4009: a
   * logout elsewhere, a suspension, a password change): ask who is signed in now.
   */
  sessionEnded?: () => void;
};
/** Names a channel from the one table of channel names (see `realtimeChannels` in the contracts). */
export type ChannelOf = (channels: typeof realtimeChannels) => string;

/** Calls the handler for each event it names, once the event's data has the event's fields. */
function dispatcher(handlers: RealtimeHandlers, channel: string) {
  return (event: string, data: unknown) => {
    if (!isRealtimeEventName(event)) return;
    // The handler and the check come from the same key, so the data fits the handler.
    const handler = handlers[event] as ((data: unknown) => void) | undefined;
    if (!handler) return;
    if (isRealtimeEventData(event, data)) handler(data);
    else console.warn(`Ignored a malformed ${event} event on ${channel}.`);
  };
}

/** One connection for the page; channels are shared by the listeners that ask for them. */
export class RealtimeClient {
  private readonly removeSocketIdHook: () => void;
  /** Each channel's `reconnected` handlers. */
  private readonly rejoinListeners = new Map<string, Set<() => void>>();
  /** The `sessionEnded` handlers of every channel. */
  private readonly sessionEndedListeners = new Set<() => void>();
  private readonly connection: PusherConnection;

  constructor(url: string) {
    this.connection = new PusherConnection({
      url,
      // Signed through our one HTTP client, so the session cookie, X-CSRF-TOKEN and X-Requested-With go along.
      authorize: async (socketId, channel) => {
        const response = await http.post(BROADCASTING_PATHS.channelAuth, {
          socket_id: socketId,
          channel_name: channel,
        });
        const signature = readChannelAuthorization(response.data);
        if (!signature) throw new Error(`${BROADCASTING_PATHS.channelAuth} answered without a signature`);
        return signature;
      },
      onRejoined: (channel) => {
        for (const listener of this.rejoinListeners.get(channel) ?? []) listener();
      },
      onUnauthorized: () => {
        for (const listener of [...this.sessionEndedListeners]) listener();
      },
    });
    // Laravel Echo's convention: the server can leave out the tab whose request caused an event.
    this.removeSocketIdHook = http.onRequest((request) => {
      const socketId = this.connection.socketId;
      if (socketId) request.headers.set('X-Socket-ID', socketId);
    });
  }

  /** Calls `handlers` with each event's data (checked for its fields) until the returned function is called. */
  listen(channelOf: ChannelOf, handlers: RealtimeHandlers): () => void {
    const name = channelOf(realtimeChannels);
    const stop = this.connection.subscribe(name, dispatcher(handlers, name));
    const { reconnected, sessionEnded } = handlers;
    if (sessionEnded) this.sessionEndedListeners.add(sessionEnded);
    let listeners = this.rejoinListeners.get(name);
    if (reconnected) {
      listeners ??= new Set();
      this.rejoinListeners.set(name, listeners);
      listeners.add(reconnected);
    }
    return () => {
      stop();
      if (sessionEnded) this.sessionEndedListeners.delete(sessionEnded);
      if (!reconnected || !listeners) return;
      listeners.delete(reconnected);
      if (listeners.size === 0 && this.rejoinListeners.get(name) === listeners) this.rejoinListeners.delete(name);
    };
  }

  /** Tells the channel's other subscribers something of the moment (typing): see PusherConnection.trigger. */
  whisper<E extends RealtimeClientEventName>(channelOf: ChannelOf, event: E, data: RealtimeEventData<E>): void {
    this.connection.trigger(channelOf(realtimeChannels), event, data);
  }

  /** After this tab's session was replaced: see PusherConnection.renew. */
  renew(): void {
    this.connection.renew();
  }

  disconnect(): void {
    this.removeSocketIdHook();
    this.connection.disconnect();
  }
}

/**
 * The page's real-time client, from the public settings the server rendered into it; null when
 * they are missing (the page then works without live updates).
 */
export function createRealtimeClient(): RealtimeClient | null {
  const config = readRealtimeConfig(appConfig().realtime);
  if (!config) {
    console.warn('The page carries no real-time settings; live updates are off.');
    return null;
  }
  return new RealtimeClient(socketUrl(config, window.location));
}

import type { RealtimeClientEventName, RealtimeEventData } from '@marketplace/contracts/realtime-essentials';
import type { ChannelOf, RealtimeClient, RealtimeHandlers } from './realtime-client';

let client: Promise<RealtimeClient | null> | undefined;

/** Live updates can wait until the page has rendered and gone quiet. */
const whenIdle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  });

/** The connection and the event checks load on first use, so they stay out of every page's first JavaScript. */
function realtimeClient(): Promise<RealtimeClient | null> {
  client ??= whenIdle()
    .then(() => import('./realtime-client'))
    .then(({ createRealtimeClient }) => createRealtimeClient());
  return client;
}

/**
 * Listens to a channel's events, connecting on first use; returns the function that stops. Live
 * updates are an addition to the page: when they cannot load, the page works on without them.
 *
 *   useEffect(() => listen((channels) => channels.user(id), { 'profile.updated': refresh }), [id]);
 */
export function listen(channelOf: ChannelOf, handlers: RealtimeHandlers): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  realtimeClient().then(
    (ready) => {
      if (ready && !stopped) stop = ready.listen(channelOf, handlers);
    },
    (error: unknown) => {
      client = undefined;
      console.warn('Live updates are unavailable:', error);
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Sends a client event on a channel this page listens to (typing…); nothing when live updates are not loaded. */
export function whisper<E extends RealtimeClientEventName>(
  channelOf: ChannelOf,
  event: E,
  data: RealtimeEventData<E>,
): void {
  client?.then((ready) => ready?.whisper(channelOf, event, data)).catch(() => undefined);
}

/** Closes the connection (at sign-out); the next `listen` opens a new one. Loads nothing when none was opened. */
export function disconnectRealtime(): void {
  const current = client;
  client = undefined;
  current?.then((ready) => ready?.disconnect()).catch(() => undefined);
}

/** This tab's session was replaced (a password change): the connection signs its channels again. Loads nothing when none was opened. */
export function renewRealtime(): void {
  client?.then((ready) => ready?.renew()).catch(() => undefined);
}

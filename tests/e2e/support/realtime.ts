import { expect, type Page, type WebSocket } from '@playwright/test';
import Pusher from 'pusher';
import { E2E_PUSHER } from './realtime-credentials';

/** The `pusher` SDK, publishing to the embedded server of the app under test, as the app itself does. */
export function pusherSdk(baseURL: string | undefined): Pusher {
  const { hostname, port } = new URL(baseURL ?? 'http://127.0.0.1:4173');
  return new Pusher({
    appId: E2E_PUSHER.appId,
    key: E2E_PUSHER.key,
    secret: E2E_PUSHER.secret,
    host: hostname,
    port,
    useTLS: false,
  });
}

/** Waits until the server counts `count` subscriptions on `channel` (pages that will get its events). */
export async function expectSubscriptions(baseURL: string | undefined, channel: string, count: number) {
  const sdk = pusherSdk(baseURL);
  await expect
    .poll(async () => {
      const info = await sdk.get({ path: `/channels/${channel}`, params: { info: 'subscription_count' } });
      const body: unknown = await info.json();
      return body;
    })
    .toEqual({ occupied: true, subscription_count: count });
}

/**
 * Resolves once a connection this page opens from now on has joined a channel whose name starts
 * with `channel` (`private-user.`, `private-conversation.42`): from then on the page hears that
 * channel's events, and one sent earlier would have reached nobody. Call it before the navigation
 * that loads the page; a later click that subscribes on the same connection counts too.
 */
export function subscribedTo(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    const watch = (socket: WebSocket) => {
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload);
        if (!frame.includes('pusher_internal:subscription_succeeded')) return;
        const joined = (JSON.parse(frame) as { channel?: unknown }).channel;
        if (typeof joined === 'string' && joined.startsWith(channel)) {
          page.off('websocket', watch);
          resolve();
        }
      });
    };
    page.on('websocket', watch);
  });
}

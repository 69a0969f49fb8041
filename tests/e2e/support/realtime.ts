import { expect } from '@playwright/test';
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

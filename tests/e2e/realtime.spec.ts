import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { signIn } from './support/accounts';
import { pusherSdk } from './support/realtime';
import { E2E_PUSHER } from './support/realtime-credentials';

const isPath = (path: string) => (request: { url(): string }) => new URL(request.url()).pathname === path;

/** Opens the home page and waits until its real-time subscription has been signed. */
async function openSubscribed(page: Page): Promise<void> {
  const signed = page.waitForResponse(isPath('/broadcasting/auth'));
  await page.goto('/');
  expect((await signed).status()).toBe(200);
}

/**
 * Waits until the real-time server counts `count` pages on the user's channel: an event sent before
 * a page's subscription is confirmed (the auth answer comes first) would reach nobody.
 */
async function subscribedPages(sdk: ReturnType<typeof pusherSdk>, userId: number, count: number): Promise<void> {
  await expect
    .poll(async () => {
      const info = await sdk.get({ path: `/channels/private-user.${userId}`, params: { info: 'subscription_count' } });
      const body: unknown = await info.json();
      return body;
    })
    .toEqual({ occupied: true, subscription_count: count });
}

async function signedInUserId(page: Page): Promise<number> {
  const response = await page.request.get('/user', { headers: { accept: 'application/json' } });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test("an event on a user's private channel reaches both of their pages and not another user's", async ({
  browser,
  baseURL,
}) => {
  const sdk = pusherSdk(baseURL);
  const amira = await browser.newContext();
  const [firstTab, secondTab] = [await amira.newPage(), await amira.newPage()];
  await signIn(firstTab, { first_name: 'Amira', last_name: 'Saleh' });
  await openSubscribed(firstTab);
  await openSubscribed(secondTab);
  const amiraId = await signedInUserId(firstTab);

  const karim = await browser.newContext();
  const karimTab = await karim.newPage();
  // What reaches Karim's page, read off its socket: a count of its refetches would also count a
  // catch-up after a connection lost and back (the bridge's `reconnected`), which a loaded machine makes.
  const karimFrames: string[] = [];
  karimTab.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => karimFrames.push(String(payload))));
  await signIn(karimTab, { first_name: 'Karim', last_name: 'Nasser' });
  await openSubscribed(karimTab);
  const karimId = await signedInUserId(karimTab);

  // The server sees both of Amira's pages on her channel, and Karim's page on his.
  await subscribedPages(sdk, amiraId, 2);
  await subscribedPages(sdk, karimId, 1);

  const refreshed = [firstTab, secondTab].map((tab) => tab.waitForRequest(isPath('/user')));
  await sdk.trigger(`private-user.${amiraId}`, 'profile.updated', { user_id: amiraId });
  await Promise.all(refreshed);

  // An event on Karim's own channel arrives on his socket after Amira's would have (one socket keeps
  // its order): his page heard only his, and acted on it.
  const karimRefreshed = karimTab.waitForRequest(isPath('/user'));
  await sdk.trigger(`private-user.${karimId}`, 'profile.updated', { user_id: karimId });
  await karimRefreshed;
  await expect
    .poll(() =>
      karimFrames.some((frame) => frame.includes(`private-user.${karimId}`) && frame.includes('profile.updated')),
    )
    .toBe(true);
  expect(karimFrames.filter((frame) => frame.includes(`private-user.${amiraId}`))).toEqual([]);

  await amira.close();
  await karim.close();
});

test('profile.updated refreshes the user shown in the header of another page, without reload', async ({
  page,
  baseURL,
}) => {
  const sdk = pusherSdk(baseURL);
  await signIn(page, { first_name: 'Amira', last_name: 'Saleh' });
  await openSubscribed(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Amira Saleh/ })).toBeVisible();
  const userId = await signedInUserId(page);

  // Another tab saved a new first name: from now on the server answers with it.
  await page.route(
    (url) => url.pathname === '/user',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { first_name: string } };
      await route.fulfill({ response, json: { data: { ...body.data, first_name: 'Amina' } } });
    },
  );
  let reloaded = false;
  page.on('load', () => (reloaded = true));
  await subscribedPages(sdk, userId, 1);
  await sdk.trigger(`private-user.${userId}`, 'profile.updated', { user_id: userId });

  await expect(header.getByRole('button', { name: /Amina Saleh/ })).toBeVisible();
  expect(reloaded).toBe(false);
});

test('a visitor opens no real-time connection and loads no real-time code', async ({ page }) => {
  const sockets: string[] = [];
  const scripts: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(sockets).toEqual([]);
  expect(scripts.filter((url) => /realtime|pusher/i.test(url))).toEqual([]);
});

test('the page connects to this site over WebSocket and disconnects when the user logs out', async ({ page }) => {
  await signIn(page);
  const sockets: WebSocket[] = [];
  page.on('websocket', (opened) => sockets.push(opened));
  await openSubscribed(page);
  // The socket that carried the subscription just signed: the one still open.
  const socket = sockets.find((opened) => !opened.isClosed());
  if (!socket) throw new Error('the page has no open WebSocket');
  expect(new URL(socket.url()).pathname).toBe(`/app/${E2E_PUSHER.key}`);
  expect(new URL(socket.url()).host).toBe(new URL(page.url()).host);

  const closed = socket.waitForEvent('close');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await closed;
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
});

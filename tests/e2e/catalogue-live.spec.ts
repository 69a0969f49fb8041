import { expect, test } from '@playwright/test';
import { api, csrfToken, publishPhone } from './support/listings';
import { E2E_PUSHER } from './support/realtime-credentials';

test.describe.configure({ timeout: 60_000 });

test('a product page open in a visitor’s browser shows the seller’s new price without a reload', async ({
  browser,
}) => {
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const listing = await publishPhone(seller);

  const visitor = await browser.newPage();
  const sockets: string[] = [];
  const scripts: string[] = [];
  // The page listens on the listing's public channel once the server has confirmed the subscription.
  let confirmSubscribed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (confirmSubscribed = resolve));
  visitor.on('websocket', (socket) => {
    sockets.push(new URL(socket.url()).pathname);
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('pusher_internal:subscription_succeeded')) confirmSubscribed();
    });
  });
  visitor.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await visitor.goto(`/items/${listing.id}/${listing.slug}`);
  const main = visitor.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(main.getByText('AED 1,250')).toBeVisible();
  await subscribed;
  let reloaded = false;
  visitor.on('load', () => (reloaded = true));

  await api(seller.request, await csrfToken(seller), 'PATCH', `/api/listings/${listing.id}`, { price_fils: 99_000 });

  await expect(main.getByText('AED 990')).toBeVisible();
  expect(reloaded).toBe(false);
  // One connection to this site, and no third-party real-time library among the page's scripts.
  expect(sockets).toEqual([`/app/${E2E_PUSHER.key}`]);
  expect(scripts.filter((url) => /pusher/i.test(url))).toEqual([]);
  await sellerContext.close();
});

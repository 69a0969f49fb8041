import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken, publishPhone } from './support/listings';
import { subscribedTo } from './support/realtime';

/*
 * My sales, the orders history and ratings (issue 15) against the real server: the buyer's steps go
 * through the API, as the order page would send them; what the seller sees changes without a reload.
 */

/** A JSON call in `page`'s session. */
const call = async (page: Page, method: string, url: string, data?: unknown) =>
  api(page.request, await csrfToken(page), method, url, data);

/** The order clock run for one order at `at` (the server's own runs every minute at the real time). */
const clockAt = (page: Page, orderId: number, at: Date) =>
  call(page, 'POST', '/api/test/orders/clock', { order_id: orderId, at: at.toISOString() });

/** "December 2026" for `date` in the users' time zone (new accounts are in Asia/Dubai). */
const monthName = (date: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'Asia/Dubai' }).format(date);

test('the order pages in Arabic read right to left and pass axe', async ({ page, context, browser, baseURL }) => {
  test.slow();
  // Published in English (the helper picks the city by its English name), then read in Arabic.
  const listing = await publishPhone(page, { first_name: 'Samir', last_name: 'Haddad' });
  await chooseLanguage(context, baseURL, 'ar');
  const buyerContext = await browser.newContext();
  await chooseLanguage(buyerContext, baseURL, 'ar');
  const buyer = await buyerContext.newPage();
  await signIn(buyer, { first_name: 'Mariam', last_name: 'Nasser' });
  await buyer.goto('/');
  await call(buyer, 'POST', '/api/orders', { listing_id: listing.id, kind: 'buy', delivery_method: 'pickup' });

  for (const [path, heading, text] of [
    ['/account/sales', 'مبيعاتي', 'بانتظار إجرائك'],
    ['/account/purchases', 'مشترياتي', 'ليست لديك مشتريات جارية.'],
    ['/account/orders/history', 'سجل الطلبات', 'لا توجد طلبات منتهية بعد.'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
  }
  await buyer.goto('/account/purchases');
  const row = buyer.getByRole('list', { name: /بانتظار الطرف الآخر/ }).getByRole('listitem', { name: listing.title });
  await expect(row).toContainText('البائع: Samir Haddad');
  await expect(row).toContainText('بانتظار الرد');
  const { violations } = await new AxeBuilder({ page: buyer }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
  await buyerContext.close();
});

test('an order reaches the seller’s sales live, ends in the history with its month’s total, and its review shows on the seller’s page', async ({
  page,
  browser,
}) => {
  test.slow();
  const listing = await publishPhone(page, { first_name: 'Samir', last_name: 'Haddad' });
  const sellerJoined = subscribedTo(page, 'private-user.');
  await page.goto('/account/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'My sales' })).toBeVisible();
  await expect(page.getByText('You have no sales under way.')).toBeVisible();
  await sellerJoined;

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, { first_name: 'Mariam', last_name: 'Nasser' });
  await buyer.goto('/');
  const order = await call(buyer, 'POST', '/api/orders', {
    listing_id: listing.id,
    kind: 'buy',
    delivery_method: 'pickup',
  });

  // The seller's open page hears of it on their private channel: no reload.
  const needs = page.getByRole('list', { name: /Needs your action/ });
  const row = needs.getByRole('listitem', { name: listing.title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Buyer: Mariam Nasser');
  await expect(row).toContainText('AED 1,250');
  await expect(row).toContainText('Awaiting an answer');
  await expect(row.getByRole('link', { name: listing.title })).toHaveAttribute('href', `/orders/${order.data.id}`);

  await call(page, 'POST', `/api/orders/${order.data.id}/accept`);
  const waiting = page.getByRole('list', { name: /Waiting for the other party/ });
  await call(page, 'POST', `/api/orders/${order.data.id}/hand-over`);
  await expect(waiting.getByRole('listitem', { name: listing.title })).toContainText('Handed over');
  await call(buyer, 'POST', `/api/orders/${order.data.id}/confirm-receipt`);
  // 48 hours after receipt with no problem reported, the clock completes it.
  const completedAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  const moved = await clockAt(buyer, order.data.id, completedAt);
  expect((moved.data as unknown as { moved: string[] }).moved).toContain('complete');
  await expect(page.getByText('You have no sales under way.')).toBeVisible();

  await page.getByRole('link', { name: 'See finished orders' }).click();
  await expect(page).toHaveURL('/account/orders/history');
  const finished = page.getByRole('list', { name: 'Finished orders' }).getByRole('listitem', { name: listing.title });
  await expect(finished).toContainText('Completed');
  await expect(finished).toContainText('Buyer: Mariam Nasser');
  const month = page
    .getByRole('table', { name: 'Totals per month' })
    .getByRole('row', { name: new RegExp(monthName(completedAt, 'en')) });
  await expect(month.getByRole('cell').nth(1)).toContainText('AED 1,250');
  await expect(month.getByRole('cell').nth(1)).toContainText('1 order');
  // Searched by the other party's name, then by a title that is not there.
  await page.getByRole('searchbox', { name: 'Search by item or name' }).fill('mariam');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(finished).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by item or name' }).fill('sofa');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No finished orders match “sofa”.')).toBeVisible();

  await call(buyer, 'POST', `/api/orders/${order.data.id}/review`, { rating: 4, text: 'Smooth hand-over.' });
  // A visitor's view of the seller's page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/users/${listing.sellerId}`);
  await expect(visitor.getByText('4 out of 5 · 1 review')).toBeVisible();
  const reviews = visitor.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(1);
  await expect(reviews).toContainText('Mariam N.');
  await expect(reviews).toContainText('Smooth hand-over.');
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Rated 4\.0 out of 5 from 1 review\./,
  );
  await visitorContext.close();
  await buyerContext.close();
});

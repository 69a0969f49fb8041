import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken, publishPhone } from './support/listings';
import { subscribedTo } from './support/realtime';

test.describe.configure({ timeout: 120_000 });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

async function newSide(browser: Browser, language: 'en' | 'ar', baseURL: string | undefined) {
  const context = await browser.newContext();
  if (language === 'ar') await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  return { context, page };
}

/** A signed-in buyer's request for the listing through the API, as the order form sends it. */
async function requestOf(page: Page, listingId: number): Promise<number> {
  await page.goto('/');
  const order = await api(page.request, await csrfToken(page), 'POST', '/api/orders', {
    listing_id: listingId,
    kind: 'buy',
    delivery_method: 'pickup',
  });
  return order.data.id;
}

test('in Arabic: a request that lost the race for the last one ends live on its order page, saying why and what next, and shows so in My purchases', async ({
  browser,
  baseURL,
}) => {
  const seller = await newSide(browser, 'en', baseURL);
  const listing = await publishPhone(seller.page);
  const winner = await newSide(browser, 'en', baseURL);
  await signIn(winner.page, { first_name: 'Omar', last_name: 'Khalil' });
  const winning = await requestOf(winner.page, listing.id);
  const loser = await newSide(browser, 'ar', baseURL);
  await signIn(loser.page, { first_name: 'هدى', last_name: 'صالح' });
  const losing = await requestOf(loser.page, listing.id);

  // The buyer's order page hears the order's steps on their private channel once it has joined it.
  const joined = subscribedTo(loser.page, 'private-user.');
  await loser.page.goto(`/orders/${losing}`);
  await expect(loser.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await joined;
  const main = loser.page.getByRole('main');
  await expect(main.getByText('بانتظار ردّ الطرف الآخر.')).toBeVisible();

  // The seller accepts the other buyer's request: the last one is gone.
  await api(seller.page.request, await csrfToken(seller.page), 'POST', `/api/orders/${winning}/accept`, {});

  const ending = main.getByRole('region', { name: 'لم يعد متاحًا' });
  await expect(ending).toBeVisible();
  await expect(ending.getByText('ذهبت القطعة الأخيرة إلى مشترٍ آخر، لذا انتهى طلبك. لا يترتب عليك شيء.')).toBeVisible();
  await expect(ending.getByRole('link', { name: 'ابحث عن إعلانات مشابهة' })).toBeVisible();
  await expect(main.getByRole('status')).toContainText('لم يعد متاحًا');
  await expect(main.getByRole('region', { name: 'ما يمكنك فعله الآن' })).toHaveCount(0);
  await expectNoAxeViolations(loser.page);

  // My purchases keeps it for a few days beside what is under way, labelled as it ended.
  await loser.page.goto('/account/purchases');
  const lapsed = loser.page.getByRole('list', { name: /لم يعد متاحًا: أخذ طلب آخر ما تبقّى/ });
  await expect(lapsed.getByRole('link', { name: listing.title })).toHaveAttribute('href', `/orders/${losing}`);
  await expect(lapsed.getByText('لم يعد متاحًا', { exact: true })).toBeVisible();
  await expectNoAxeViolations(loser.page);

  await seller.context.close();
  await winner.context.close();
  await loser.context.close();
});

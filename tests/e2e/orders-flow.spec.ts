import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, type TestAccount } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken, publishPhone, readyPhoneDraft } from './support/listings';
import { subscribedTo } from './support/realtime';

test.describe.configure({ timeout: 120_000 });

/** Counts full page loads from now on: every update below must come without one. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

async function newSide(browser: Browser, language: 'en' | 'ar' = 'en', baseURL?: string) {
  const context = await browser.newContext();
  if (language === 'ar') await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  return { context, page };
}

test('buyer offers, seller counters, buyer accepts, hand-over, receipt, completion, both review: each step reaches the other open order page without a reload; the seller’s stars then show in Arabic', async ({
  browser,
  baseURL,
}) => {
  const seller = await newSide(browser);
  const listing = await publishPhone(seller.page, { first_name: 'Samir', last_name: 'Haddad' });
  const buyer = await newSide(browser);
  const buyerAccount: TestAccount = await signIn(buyer.page, { first_name: 'Huda', last_name: 'Saleh' });

  // The buyer makes an offer from the product page and lands on the order's page.
  // Order steps arrive on the user's private channel: the page hears them once it has joined it.
  const buyerJoined = subscribedTo(buyer.page, 'private-user.');
  await buyer.page.goto(`/items/${listing.id}/${listing.slug}`);
  await buyerJoined;
  await buyer.page.getByRole('button', { name: 'Make an offer' }).click();
  await buyer.page.getByRole('textbox', { name: /Your price/ }).fill('1000');
  await buyer.page.getByRole('button', { name: 'Send the offer' }).click();
  await expect(buyer.page).toHaveURL(/\/orders\/[0-9]+$/);
  const orderPath = new URL(buyer.page.url()).pathname;
  const orderId = Number(orderPath.split('/').at(-1));
  const buyerMain = buyer.page.getByRole('main');
  // Headed as a shop heads an order, its state by its name and what happens next.
  await expect(buyerMain.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderId} · ${listing.title}`);
  await expect(buyerMain.locator('.order-status')).toContainText(
    'Awaiting an answer Waiting for the other side’s answer. Expires if unanswered by',
    { useInnerText: true },
  );
  await expect(buyerMain.getByText('AED 1,000').first()).toBeVisible();
  const buyerLoads = countLoads(buyer.page);

  // The seller follows the notification to the order and answers with another price.
  const sellerJoined = subscribedTo(seller.page, 'private-user.');
  await seller.page.goto('/notifications');
  await sellerJoined;
  await seller.page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`New order request for “${listing.title}”`) })
    .click();
  await expect(seller.page).toHaveURL(orderPath);
  const sellerMain = seller.page.getByRole('main');
  await expect(sellerMain.getByText('Waiting for your answer.')).toBeVisible();
  const sellerLoads = countLoads(seller.page);
  await sellerMain.getByRole('button', { name: 'Propose another price' }).click();
  await sellerMain.getByRole('textbox', { name: /New price/ }).fill('1150');
  await sellerMain.getByRole('button', { name: 'Propose another price: send' }).click();
  await expect(sellerMain.getByText('Waiting for the other side’s answer.')).toBeVisible();

  // The buyer's page shows the counter-offer and accepts it.
  await expect(buyerMain.getByText('Another price proposed by the seller')).toBeVisible();
  await expect(buyerMain.getByText('Waiting for your answer.')).toBeVisible();
  await buyerMain.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(buyerMain.getByText('Waiting for the seller to hand it over.')).toBeVisible();
  await expect(buyerMain.getByText('Agreed price')).toBeVisible();

  // The seller sees the acceptance and the buyer's contact details, and hands the item over.
  await expect(sellerMain.getByRole('link', { name: buyerAccount.email })).toBeVisible();
  await sellerMain.getByRole('button', { name: 'Mark as handed over' }).click();
  await expect(sellerMain.getByText('Waiting for the buyer to confirm receipt.')).toBeVisible();

  // The buyer confirms receipt.
  await buyerMain.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(buyerMain.getByText('Receipt confirmed by you')).toBeVisible();
  // …and is asked for a review at once: when it opens, and that a reminder will come.
  await expect(buyerMain.locator('.order-review-call')).toHaveText(
    /^Thank you for confirming\. How did it go\? You can review Samir Haddad once the order completes, on .+: we will remind you\.$/,
  );
  await expect(sellerMain.getByText('Receipt confirmed by the buyer')).toBeVisible();
  await expect(sellerMain.getByRole('button', { name: 'Send the review' })).toHaveCount(0);

  // Time passes the 48 hours in which the buyer could report a problem: the order completes.
  const csrf = await csrfToken(buyer.page);
  const order = await api(buyer.page.request, csrf, 'GET', `/api${orderPath}`);
  const completesAt = Date.parse(String(order.data.deadline_at));
  await api(buyer.page.request, csrf, 'POST', '/api/test/orders/clock', {
    order_id: order.data.id,
    at: new Date(completesAt + 1000).toISOString(),
  });
  await expect(buyerMain.getByText('Completed automatically')).toBeVisible();
  await expect(sellerMain.getByText('Completed automatically')).toBeVisible();

  // Both review each other; each review shows on the other side's page.
  await expect(buyerMain.locator('.order-review-call')).toContainText('Review Samir Haddad by');
  await buyerMain.getByRole('radio', { name: '4 stars' }).check();
  await buyerMain.getByRole('textbox', { name: 'Review' }).fill('Exactly as described.');
  await buyerMain.getByRole('button', { name: 'Send the review' }).click();
  await expect(buyerMain.getByText('Your review: 4 of 5')).toBeVisible();
  await expect(buyerMain.locator('.order-review-call')).toHaveCount(0);
  await expect(sellerMain.getByText('The buyer’s review: 4 of 5')).toBeVisible();
  await expect(sellerMain.getByText('Exactly as described.')).toBeVisible();

  await sellerMain.getByRole('radio', { name: '5 stars' }).check();
  await sellerMain.getByRole('button', { name: 'Send the review' }).click();
  await expect(sellerMain.getByText('Your review: 5 of 5')).toBeVisible();
  await expect(buyerMain.getByText('The seller’s review: 5 of 5')).toBeVisible();
  await expect(buyerMain.getByRole('button', { name: 'Send the review' })).toHaveCount(0);

  expect(buyerLoads()).toBe(0);
  expect(sellerLoads()).toBe(0);
  await expect(buyerMain.locator('.order-status')).toContainText('Completed');
  await expect(buyerMain.getByText('requested', { exact: true })).toHaveCount(0);

  // The order leads to its conversation, where the order's steps are, and back.
  await buyerMain.getByRole('link', { name: 'Messages with the seller' }).click();
  await expect(buyer.page).toHaveURL(/\/messages\/[0-9]+$/);
  await expect(buyerMain.getByText('Order: Accepted by the buyer')).toBeVisible();
  await buyerMain.getByRole('link', { name: `See order #${orderId}` }).click();
  await expect(buyer.page).toHaveURL(orderPath);
  await sellerMain.getByRole('link', { name: 'Messages with the buyer' }).click();
  await expect(sellerMain.getByRole('link', { name: `See order #${orderId}` })).toBeVisible();
  await expectNoAxeViolations(seller.page);

  // The seller lists another phone; in Arabic, the buyer sees their stars on its card and on the seller's card.
  const next = await readyPhoneDraft(seller.page, `Pixel ${Date.now().toString(36)} spare`);
  await api(seller.page.request, await csrfToken(seller.page), 'POST', `/api/listings/${next}/publish`);
  await chooseLanguage(buyer.context, baseURL, 'ar');
  await buyer.page.goto(`/users/${listing.sellerId}`);
  await expect(buyer.page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = buyerMain.locator('.listing-card').first();
  const cardStars = card.getByRole('img', { name: '4 من 5، مراجعة واحدة' });
  await expect(cardStars).toBeVisible();
  // Filled from the right in Arabic: four fifths, flush with the stars' right edge.
  const all = await cardStars.locator('.rating-stars').boundingBox();
  const filled = await cardStars.locator('.rating-stars-on').boundingBox();
  expect(all && filled && Math.abs(all.x + all.width - (filled.x + filled.width))).toBeLessThan(1);
  expect(filled && all && filled.width / all.width).toBeCloseTo(0.8, 1);
  await card.getByRole('link').click();
  const sellerCard = buyerMain.getByRole('complementary', { name: 'البائع' });
  await expect(sellerCard.getByText('4 من 5 · مراجعة واحدة')).toBeVisible();
  await expect(sellerCard.getByText('البريد الإلكتروني موثّق')).toBeVisible();
  await seller.context.close();
  await buyer.context.close();
});

test('in Arabic, right to left: the order page of both sides passes axe, and a decline reaches the buyer live', async ({
  browser,
  baseURL,
}) => {
  // publishPhone finds the city by its English name: the seller switches to Arabic once it is published.
  const seller = await newSide(browser);
  const listing = await publishPhone(seller.page, { first_name: 'سمير', last_name: 'حداد' });
  await chooseLanguage(seller.context, baseURL, 'ar');
  const buyer = await newSide(browser, 'ar', baseURL);
  await signIn(buyer.page, { first_name: 'هدى', last_name: 'صالح' });

  const buyerJoined = subscribedTo(buyer.page, 'private-user.');
  await buyer.page.goto(`/items/${listing.id}/${listing.slug}`);
  await expect(buyer.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await buyerJoined;
  await buyer.page.getByRole('button', { name: 'قدّم عرضًا' }).click();
  await buyer.page.getByRole('textbox', { name: /سعرك/ }).fill('1000');
  await expectNoAxeViolations(buyer.page);
  await buyer.page.getByRole('button', { name: 'أرسل العرض' }).click();
  await expect(buyer.page).toHaveURL(/\/orders\/[0-9]+$/);
  const orderPath = new URL(buyer.page.url()).pathname;
  const buyerMain = buyer.page.getByRole('main');
  const orderId = Number(orderPath.split('/').at(-1));
  const heading = buyerMain.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`الطلب رقم ${orderId} · ${listing.title}`);
  // The Latin title is isolated: it keeps its own direction inside the Arabic heading.
  await expect(heading.locator('bdi[dir="auto"]')).toHaveText(listing.title);
  await expect(buyerMain.locator('.order-status')).toContainText('بانتظار الرد بانتظار ردّ الطرف الآخر. ينتهي', {
    useInnerText: true,
  });
  await expectNoAxeViolations(buyer.page);
  const buyerLoads = countLoads(buyer.page);

  const sellerJoined = subscribedTo(seller.page, 'private-user.');
  await seller.page.goto(orderPath);
  await expect(seller.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await sellerJoined;
  const sellerMain = seller.page.getByRole('main');
  await expect(sellerMain.getByText('بانتظار ردّك.')).toBeVisible();
  await sellerMain.getByRole('button', { name: 'ارفض' }).click();
  await sellerMain.getByRole('textbox', { name: /السبب/ }).fill('بيع لشخص آخر');
  await expectNoAxeViolations(seller.page);
  await sellerMain.getByRole('button', { name: 'ارفض: أرسل' }).click();
  await expect(sellerMain.getByText('رُفض بواسطتك')).toBeVisible();

  await expect(buyerMain.getByText('رُفض بواسطة البائع')).toBeVisible();
  await expect(buyerMain.getByText('بيع لشخص آخر').first()).toBeVisible();
  await expect(buyerMain.locator('.order-status')).toHaveText('مرفوض رفض البائع هذا الطلب. لا شيء مستحق عليك.', {
    useInnerText: true,
  });
  await expect(buyerMain.getByText('سبب الرفض', { exact: true })).toBeVisible();
  await expect(buyerMain.getByRole('link', { name: 'الرسائل مع البائع' })).toBeVisible();
  await expect(buyerMain.getByRole('region', { name: 'ما يمكنك فعله الآن' })).toHaveCount(0);
  await expectNoAxeViolations(buyer.page);
  expect(buyerLoads()).toBe(0);
  await seller.context.close();
  await buyer.context.close();
});

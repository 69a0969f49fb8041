import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { toast } from './support/profile-form';

/** A small JPEG of one colour, so each photo is told apart by its size on the server. */
async function jpeg(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const listingIdOf = (page: Page) => Number(/\/items\/(\d+)\/edit/.exec(page.url())?.[1]);

async function apiListing(page: Page, id: number) {
  const response = await page.request.get(`/api/listings/${id}`);
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as {
      data: { status: string; price_fils: number; photos: { id: number }[]; slug: string; title: string };
    }
  ).data;
}

test('a seller lists an item through the wizard, manages it and sees its history', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/sell');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell an item');
  // The categories are a tree; the search opens what matches.
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('phones');
  await expect(page.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Mobile phones' }).click();
  await expect(page).toHaveURL(/\/items\/\d+\/edit\?step=details$/);
  const id = listingIdOf(page);
  // The draft exists: the page says so.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit listing');
  await expect(page).toHaveTitle('Edit listing · Marketplace');

  // Details: typed, then the page reloads in the middle: nothing is lost.
  await page.getByRole('textbox', { name: 'Title' }).fill('iPhone 13 128 GB blue');
  await page.getByRole('textbox', { name: 'Description' }).fill('Always in a case, battery at 91%, with its box.');
  await page.getByRole('combobox', { name: 'Condition' }).selectOption('like_new');
  await page.getByRole('combobox', { name: 'Brand' }).selectOption('apple');
  await page.getByRole('combobox', { name: 'Storage' }).selectOption({ label: '128 GB' });
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('iPhone 13 128 GB blue');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Always in a case, battery at 91%, with its box.',
  );
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('apple');

  // Photos: three, uploaded as chosen, then the third moved to the front.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Photos', level: 2 })).toBeFocused();
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      await jpeg('red.jpg', { r: 200, g: 0, b: 0 }),
      await jpeg('green.jpg', { r: 0, g: 200, b: 0 }),
      await jpeg('blue.jpg', { r: 0, g: 0, b: 200 }),
    ]);
  await expect(page.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(3);
  const uploaded = (await apiListing(page, id)).photos.map((photo) => photo.id);
  expect(uploaded).toHaveLength(3);
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect
    .poll(async () => (await apiListing(page, id)).photos.map((photo) => photo.id))
    .toEqual([uploaded[2], uploaded[0], uploaded[1]]);

  // Price, then place: the city is chosen here (a new account has none in its profile).
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Price' }).fill('1800');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: 'Dubai' });
  await page.getByRole('combobox', { name: 'Neighborhood' }).selectOption({ label: 'Dubai Marina' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Everything is ready: publish your listing.')).toBeVisible();
  // The listing as buyers will see it, through the product page's own view.
  const preview = page.getByRole('region', { name: 'Preview: your listing as buyers will see it' });
  await expect(preview.getByRole('heading', { level: 4, name: 'iPhone 13 128 GB blue' })).toBeVisible();
  await expect(preview.getByText('AED 1,800')).toBeVisible();
  await expect(preview.getByText('Dubai Marina, Dubai')).toBeVisible();
  await expect(preview.getByRole('img', { name: /iPhone 13 128 GB blue/ }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('.sell-preview').analyze();
  expect(violations.map(({ id }) => id)).toEqual([]);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Your listing is live.')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/items\?status=active$/);

  const live = await apiListing(page, id);
  expect(live).toMatchObject({ status: 'active', price_fils: 180_000 });
  const productPage = await page.request.get(`/items/${id}/${live.slug}`, { headers: { accept: 'text/html' } });
  expect(productPage.status()).toBe(200);
  expect(await productPage.text()).toContain('<title>iPhone 13 128 GB blue');

  // My listings shows it; editing the price goes into its history, old and new.
  const card = page.getByRole('listitem', { name: 'iPhone 13 128 GB blue' });
  await expect(card.getByText('AED 1,800')).toBeVisible();
  await card.getByRole('link', { name: 'Edit “iPhone 13 128 GB blue”' }).click();
  await page.getByRole('button', { name: '4. Price and quantity' }).click();
  await page.getByRole('textbox', { name: 'Price' }).fill('1650');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Your changes are saved.')).toBeVisible();
  await page.goto(`/account/items/history?listing=${id}`);
  await expect(page.getByText('Price: AED 1,800 → AED 1,650')).toBeVisible();
  await expect(page.getByText('State: a draft → live')).toBeVisible();

  // Paused, nobody else sees it; resumed, it is back.
  await page.goto('/account/items');
  await page.getByRole('button', { name: 'Pause “iPhone 13 128 GB blue”' }).click();
  await expect(toast(page, 'Listing paused: nobody else sees it now.')).toBeVisible();
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`/api/listings/${id}`)).status()).toBe(404);
  await page.goto('/account/items?status=paused');
  await page.getByRole('button', { name: 'Resume “iPhone 13 128 GB blue”' }).click();
  await expect(toast(page, 'Your listing is live again.')).toBeVisible();
  expect((await visitor.request.get(`/api/listings/${id}`)).status()).toBe(200);
  await visitor.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('shows one step per screen with Back and Next, never scrolling sideways', async ({ page }) => {
    await signIn(page);
    await page.goto('/sell');
    await page.getByRole('button', { name: 'Electronics' }).click();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await page.getByRole('button', { name: 'Mobile phones' }).click();
    const noSidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    for (const [position, heading] of [
      [2, 'Details'],
      [3, 'Photos'],
      [4, 'Price and quantity'],
      [5, 'Place and delivery'],
      [6, 'Review and publish'],
    ] as const) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expect(page.getByText(`Step ${position} of 6`)).toBeVisible();
      expect(await noSidewaysScroll()).toBe(true);
      if (position < 6) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/step=place$/);
    await page.goBack();
    await expect(page).toHaveURL(/step=review$/);
    await page.goto('/account/items?status=draft');
    await expect(page.getByRole('link', { name: 'Drafts 1' })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
  });
});

test('an unverified seller is told at the first step, in Arabic, and still prepares the draft', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  await signIn(page, {}, { verified: false });
  await page.goto('/sell');
  const notice = page.getByRole('main').getByRole('region', { name: 'أكِّد بريدك الإلكتروني لتنشر الإعلان' });
  await expect(notice).toBeVisible();
  const resent = page.waitForResponse((response) => response.url().endsWith('/api/account/email/verification'));
  await notice.getByRole('button', { name: 'أعِد إرسال رسالة التأكيد' }).click();
  expect((await resent).status()).toBe(202);

  // The category search reads Arabic: a leaf found by its name is picked, and the draft exists.
  await page.getByRole('searchbox', { name: 'ابحث في الفئات' }).fill('هواتف');
  await expect(page.getByRole('button', { name: 'الإلكترونيات' })).toHaveAttribute('aria-expanded', 'true');
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map(({ id }) => id)).toEqual([]);
  await page.getByRole('button', { name: 'هواتف محمولة' }).click();
  await expect(page).toHaveURL(/\/items\/\d+\/edit\?step=details$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تعديل الإعلان');
  await context.close();
});

import { expect, test } from '@playwright/test';
import { publishPhone } from './support/listings';
import { chooseLanguage } from './support/languages';

// Each test first publishes a listing through the API (sign-up, draft, two photos, publish).
test.describe.configure({ timeout: 60_000 });

test('a visitor finds a new listing from the home page through its category, its photos and its seller', async ({
  browser,
  page,
}) => {
  const sellerContext = await browser.newContext();
  const created = await publishPhone(await sellerContext.newPage());
  await sellerContext.close();

  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Browse categories' })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Electronics/ })).toBeVisible();
  await expect(main.getByRole('link', { name: new RegExp(created.title) })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Categories' }).click();
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Mobile phones' }).click();
  await expect(page).toHaveURL('/c/mobile-phones');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Mobile phones');
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Electronics');

  await main.getByRole('link', { name: new RegExp(created.title) }).click();
  await expect(page).toHaveURL(`/items/${created.id}/${created.slug}`);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(created.title);
  await expect(page).toHaveTitle(`${created.title} · Marketplace`);
  await expect(main.getByText('AED 1,250')).toBeVisible();
  const description = main.locator('.listing-description');
  await expect(description).toHaveText('Two years old, always in a case.\nCharger and box included.');

  const gallery = main.getByRole('region', { name: 'Photos' });
  await expect(gallery.getByText('Photo 1 of 2')).toBeVisible();
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(gallery.getByText('Photo 2 of 2')).toBeVisible();
  await gallery.getByRole('button', { name: 'Photo 1 of 2' }).click();
  await expect(gallery.getByText('Photo 1 of 2')).toBeVisible();

  await main.getByRole('link', { name: 'See the seller’s page' }).click();
  await expect(page).toHaveURL(`/users/${created.sellerId}`);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(created.sellerName);
  await expect(main.getByRole('link', { name: new RegExp(created.title) })).toBeVisible();
});

test('in Arabic the product page reads right to left, its price written the Arabic way', async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  const sellerContext = await browser.newContext();
  const created = await publishPhone(await sellerContext.newPage());
  await sellerContext.close();

  await chooseLanguage(context, baseURL, 'ar');
  await page.goto(`/items/${created.id}/${created.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(created.title);
  const price = main.locator('.listing-price');
  await expect(price).toContainText('د.إ');
  await expect(price).toContainText('قابل للتفاوض');
  // The next arrow sits at the left edge in Arabic.
  const previous = await main.getByRole('button', { name: 'الصورة السابقة' }).boundingBox();
  const next = await main.getByRole('button', { name: 'الصورة التالية' }).boundingBox();
  expect(next?.x).toBeLessThan(previous?.x ?? 0);
});

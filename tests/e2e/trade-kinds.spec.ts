import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken } from './support/listings';

/**
 * Listings that trade by their kind (issue 32): a villa for rent shows its price per year, no Buy
 * and no condition, and Request a viewing opens the chat with the request written; a car sold by
 * contact takes offers but has no Buy.
 */

/** A listing of the signed-in seller of `page` in the category `slug`, published through the API. */
async function publish(page: Page, slug: string, values: Record<string, unknown>) {
  await page.goto('/');
  const csrf = await csrfToken(page);
  const { request } = page;
  const categories = (await (await request.get('/api/categories')).json()) as { data: { id: number; slug: string }[] };
  const cities = (await (await request.get('/cities')).json()) as { data: { id: number; name: string }[] };
  const draft = await api(request, csrf, 'POST', '/api/listings', {
    category_id: categories.data.find((category) => category.slug === slug)?.id,
  });
  const dubai = cities.data.find((city) => city.name === 'Dubai')?.id;
  await api(request, csrf, 'PATCH', `/api/listings/${draft.data.id}`, { ...values, city_id: dubai });
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 170, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await request.post(`/api/listings/${draft.data.id}/photos`, {
    data: photo,
    headers: { 'content-type': 'image/jpeg', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(uploaded.status()).toBe(201);
  const published = await api(request, csrf, 'POST', `/api/listings/${draft.data.id}/publish`);
  return `/items/${published.data.id}/${String(published.data.slug)}`;
}

test('a villa for rent: a price per year, no Buy, no condition, a viewing asked in the chat; a car: an offer, no Buy', async ({
  browser,
  baseURL,
}) => {
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, { first_name: 'Hessa', last_name: 'Mansoori' });
  const suffix = Date.now().toString(36);
  const villaTitle = `Villa in Arabian Ranches ${suffix}`;
  const villa = await publish(seller, 'property-for-rent', {
    title: villaTitle,
    description: 'Four bedrooms, a private garden and shaded parking for two cars.',
    price_fils: 12_000_000,
    price_period: 'year',
    attributes: { property_type: 'villa', bedrooms: 4, bathrooms: 5, size: 420 },
  });
  const car = await publish(seller, 'cars', {
    title: `Toyota Land Cruiser 2021 ${suffix}`,
    description: 'One owner, full service history at the dealer, never off-road.',
    condition: 'good',
    price_fils: 21_000_000,
    negotiable: true,
    attributes: { brand: 'toyota', model: 'Land Cruiser', year: 2021, kilometres: 64_000 },
  });
  await sellerContext.close();

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, { first_name: 'Omar', last_name: 'Saeed' });

  await buyer.goto(villa);
  await expect(buyer.getByText('AED 120,000 / year')).toBeVisible();
  const viewing = buyer.getByRole('button', { name: 'Request a viewing' });
  await expect(viewing).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Contact the owner' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Buy' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
  await expect(buyer.getByText('Condition')).toHaveCount(0);
  await expect(buyer.getByText('Pickup from the seller')).toHaveCount(0);

  // The request is written in the composer for the buyer to read and send (sending is the chat's own test).
  await viewing.click();
  await expect(buyer).toHaveURL(/\/messages\/\d+$/);
  const composer = buyer.getByRole('textbox', { name: 'Write a message' });
  await expect(composer).toHaveValue(`Hello, I would like to view “${villaTitle}”. When would suit you?`);

  await buyer.goto(car);
  await expect(buyer.getByRole('button', { name: 'Make an offer' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Message seller' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Buy' })).toHaveCount(0);

  // In Arabic, the rent's period reads in Arabic too.
  await chooseLanguage(buyerContext, baseURL, 'ar');
  await buyer.goto(villa);
  await expect(buyer.locator('.listing-price')).toContainText('/ سنة');
  await expect(buyer.getByRole('button', { name: 'اطلب معاينة' })).toBeVisible();

  // The rent category's filters read by period, each with its count: the yearly villa is the word's
  // only rent, so Per month would find nothing and cannot be chosen.
  await buyer.goto(`/c/property-for-rent?q=${suffix}`);
  await expect(buyer.getByText(villaTitle)).toBeVisible();
  const period = buyer.getByRole('group', { name: 'فترة الإيجار' });
  await expect(period.getByRole('radio', { name: /^شهريًا (0|٠)$/ })).toBeDisabled();
  await period.getByRole('radio', { name: /^سنويًا (1|١)$/ }).click();
  await expect(buyer).toHaveURL(/period=year/);
  await expect(buyer.getByText(villaTitle)).toBeVisible();
  await expect(buyer.getByRole('group', { name: 'السعر في السنة (درهم)' })).toBeVisible();
  await buyerContext.close();
});

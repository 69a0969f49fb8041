import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './accounts';

export interface PublishedListing {
  id: number;
  slug: string;
  title: string;
  sellerId: number;
  sellerName: string;
  /** The seller's address: a test signs in as them (`signIn(page, { email })`) to answer a buyer. */
  sellerEmail: string;
}

/** A JPEG of one colour, as a phone would upload it. */
const jpeg = (red: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

/** A JSON call as the signed-in page would make it; a refusal fails the test with the server's answer. */
export async function api(request: APIRequestContext, csrf: string, method: string, url: string, data?: unknown) {
  const response = await request.fetch(url, {
    method,
    data: data as never,
    headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { data: Record<string, unknown> & { id: number } };
}

/** The page's CSRF token, for `api` calls in its session. */
export const csrfToken = async (page: Page) =>
  (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';

/**
 * A phone draft of the signed-in user of `page` with all that publishing needs (two photos), made
 * through the API as the wizard would; answers its id.
 */
export async function readyPhoneDraft(page: Page, title: string): Promise<number> {
  await page.goto('/');
  const csrf = await csrfToken(page);
  const request = page.request;
  const categories = (await (await request.get('/api/categories')).json()) as { data: { id: number; slug: string }[] };
  const phones = categories.data.find((category) => category.slug === 'mobile-phones');
  const cities = (await (await request.get('/cities')).json()) as { data: { id: number; name: string }[] };
  const dubai = cities.data.find((city) => city.name === 'Dubai');
  const draft = await api(request, csrf, 'POST', '/api/listings', { category_id: phones?.id });
  await api(request, csrf, 'PATCH', `/api/listings/${draft.data.id}`, {
    title,
    description: 'Two years old, always in a case.\nCharger and box included.',
    condition: 'like_new',
    price_fils: 125_000,
    negotiable: true,
    attributes: { brand: 'apple', storage: '128gb' },
    city_id: dubai?.id,
    pickup: true,
    delivery: false,
  });
  for (const red of [40, 220]) {
    const response = await request.post(`/api/listings/${draft.data.id}/photos`, {
      data: await jpeg(red),
      headers: { 'content-type': 'image/jpeg', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.status()).toBe(201);
  }
  return draft.data.id;
}

/** A seller (named `name`) signs up and publishes a phone with two photos, through the API as the wizard would. */
export async function publishPhone(
  page: Page,
  name = { first_name: 'Samir', last_name: 'Haddad' },
  title = `Pixel ${Date.now().toString(36)} in great shape`,
): Promise<PublishedListing> {
  const account = await signIn(page, name);
  const draftId = await readyPhoneDraft(page, title);
  const published = await api(page.request, await csrfToken(page), 'POST', `/api/listings/${draftId}/publish`);
  const seller = published.data.seller as { id: number; name: string };
  expect(account.first_name).toBe(name.first_name);
  return {
    id: published.data.id,
    slug: String(published.data.slug),
    title,
    sellerId: seller.id,
    sellerName: seller.name,
    sellerEmail: account.email,
  };
}

import { expect, test, type Browser } from '@playwright/test';
import { signIn, type TestAccount } from './support/accounts';
import { api, csrfToken, publishPhone, type PublishedListing } from './support/listings';
import { logIn } from './support/sign-in';

/** A seller's live listing and a page of the seller, to change it later. */
async function sellersListing(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const listing = await publishPhone(page);
  return { listing, seller: page, close: () => context.close() };
}

/** An account that exists, and is signed out again: the visitor who will log in. */
async function existingAccount(browser: Browser): Promise<TestAccount> {
  const context = await browser.newContext();
  try {
    return await signIn(await context.newPage());
  } finally {
    await context.close();
  }
}

const productPath = (listing: PublishedListing) => `/items/${listing.id}/${listing.slug}`;

test('a visitor clicks the heart, logs in, and is back on the listing with it saved', async ({ page, browser }) => {
  test.slow();
  const { listing, close } = await sellersListing(browser);
  const account = await existingAccount(browser);
  await page.goto(productPath(listing));
  const heart = page.getByRole('main').getByRole('button', { name: `Save ${listing.title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logIn(page, account);
  await expect(page).toHaveURL(productPath(listing));
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // Saved on the server, not only on screen: a fresh page and the favourites page say so.
  await page.goto('/account/favourites');
  const entry = page.getByRole('listitem', { name: listing.title });
  await expect(entry).toContainText('AED 1,250');
  await page.goto(productPath(listing));
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // Unsaving is one click too.
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/account/favourites');
  await expect(page.getByText('Nothing saved yet.')).toBeVisible();
  await close();
});

test('a price drop shows on the favourites page and as a notification', async ({ page, browser }) => {
  test.slow();
  const { listing, seller, close } = await sellersListing(browser);
  await signIn(page);
  await page.goto(productPath(listing));
  const heart = page.getByRole('main').getByRole('button', { name: `Save ${listing.title}` });
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
  await heart.click();
  expect((await saved).status()).toBe(204);

  await api(seller.request, await csrfToken(seller), 'PATCH', `/api/listings/${listing.id}`, { price_fils: 99_000 });

  await page.goto('/account/favourites');
  const entry = page.getByRole('listitem', { name: listing.title });
  await expect(entry).toContainText('Price dropped from AED 1,250 to AED 990');
  await page.getByRole('link', { name: 'Ended' }).click();
  await expect(page.getByText('No saved listings here.')).toBeVisible();

  await page.goto('/notifications');
  const alert = page.getByRole('main').getByRole('link', { name: `“${listing.title}” is now AED 990` });
  await expect(alert).toBeVisible();
  await alert.click();
  await expect(page).toHaveURL(productPath(listing));
  await close();
});

test('the seller sees how many saved a listing, and has no heart on it', async ({ page, browser }) => {
  test.slow();
  const { listing, seller, close } = await sellersListing(browser);
  await signIn(page);
  await page.goto(productPath(listing));
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
  await page
    .getByRole('main')
    .getByRole('button', { name: `Save ${listing.title}` })
    .click();
  expect((await saved).status()).toBe(204);

  await seller.goto(productPath(listing));
  await expect(seller.getByRole('heading', { level: 1 })).toContainText(listing.title);
  await expect(seller.getByRole('button', { name: `Save ${listing.title}` })).toHaveCount(0);
  await seller.goto('/account/items');
  await expect(seller.getByRole('listitem', { name: listing.title })).toContainText('Saved by 1 person');
  await close();
});

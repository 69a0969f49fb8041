import { expect, test } from '@playwright/test';

// The demo catalogue the e2e server seeds holds more than a page (24) of vehicles, a category no other
// browser test publishes into or changes, so its pages stay the same while this test reads them.
test('a category’s Load more is a link: a click appends in place, the address opens that page', async ({ page }) => {
  await page.goto('/c/vehicles');
  const main = page.getByRole('main');
  const cards = main.locator('.listing-grid > li');
  await expect(cards).toHaveCount(24);
  const more = main.getByRole('link', { name: 'Load more' });
  const href = await more.getAttribute('href');
  expect(href).toMatch(/^\/c\/vehicles\?cursor=[A-Za-z0-9_-]+$/);
  // Cards are told apart by the listing each links to, not by their text (a price, an age).
  const links = main.locator('.listing-grid > li a.listing-card-link');
  const firstListing = await links.first().getAttribute('href');

  await more.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  await expect(page).toHaveURL('/c/vehicles');
  // In place: the page was not left for the link's address, nor scrolled back to its top.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // What a crawler or a new tab gets: that page from its cursor on, a way back to the newest.
  await page.goto(href ?? '');
  await expect(cards.first()).toBeVisible();
  expect(await links.first().getAttribute('href')).not.toBe(firstListing);
  await main.getByRole('link', { name: 'Newest listings' }).click();
  await expect(page).toHaveURL('/c/vehicles');
  await expect(cards).toHaveCount(24);
  expect(await links.first().getAttribute('href')).toBe(firstListing);
});

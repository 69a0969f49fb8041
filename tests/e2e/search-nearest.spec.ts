import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { chooseLanguage } from './support/languages';
import { logIn } from './support/sign-in';

// Two pages of the whole demo catalogue, nearest first.
test.describe.configure({ timeout: 60_000 });

/** The centre of Sharjah, where the browser says the user is. */
const SHARJAH = { latitude: 25.3463, longitude: 55.4209 };

/** Each card's distance in kilometres, in the order shown ("About 19 km away", "350 m away"). */
async function distances(cards: Locator) {
  const texts = await cards.locator('.listing-card-meta').allTextContents();
  return texts.map((text) => {
    const metres = /([0-9][0-9,.]*)\s*(?:m|متر)/.exec(text.replace(/[0-9,.]+\s*(?:km|كم)/, ''));
    const km = /([0-9][0-9,.]*)\s*(?:km|كم)/.exec(text);
    if (km?.[1]) return Number(km[1].replaceAll(',', ''));
    if (metres?.[1]) return Number(metres[1].replaceAll(',', '')) / 1000;
    throw new Error(`no distance in “${text}”`);
  });
}

test('“Use my location” sorts nearest first, each card says how far, and Load more goes on from there', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ geolocation: SHARJAH });
  await context.grantPermissions(['geolocation'], { origin: baseURL ?? 'http://127.0.0.1:4173' });
  const page = await context.newPage();
  await page.goto('/search');
  const main = page.getByRole('main');
  const sort = main.getByRole('combobox', { name: 'Sort by' });
  await expect(main.locator('.listing-grid > li').first()).toBeVisible();
  await expect(sort.locator('option', { hasText: 'Nearest first' })).toHaveCount(0);

  await main.getByRole('button', { name: 'Use my location' }).click();
  // Rounded to about 100 m before it goes into the address.
  await expect(page).toHaveURL('/search?near=25.346,55.421&sort=nearest');
  await expect(sort).toHaveValue('nearest');
  await expect(main.getByText('Distances from the chosen location')).toBeVisible();
  const cards = main.locator('.listing-grid > li');
  // The demo listings have no map points: Sharjah's own are at its centre, a few metres away.
  await expect(cards.first()).toContainText('About 1 km away');
  const first = await distances(cards);
  expect(first).toEqual([...first].sort((a, b) => a - b));

  await main.getByRole('link', { name: 'Load more' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(first.length);
  const both = await distances(cards);
  expect(both).toEqual([...both].sort((a, b) => a - b));
  const links = await cards.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);

  // The address holds it: a reload shows the same order.
  await page.reload();
  await expect(sort).toHaveValue('nearest');
  await expect(cards.first()).toContainText('About 1 km away');
  await context.close();
});

test('a refused location says how to allow it, and the order stays as it was', async ({ browser }) => {
  const context = await browser.newContext();
  await context.clearPermissions();
  const page = await context.newPage();
  await page.goto('/search?q=toyota');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Use my location' }).click();
  await expect(main.getByRole('alert')).toHaveText(
    "Your browser did not share your location. Allow it for this site in the browser's settings, then try again.",
  );
  await expect(page).toHaveURL('/search?q=toyota');
  await context.close();
});

test('a signed-in user sorts nearest to their profile city’s centre', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/search');
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Sort by' }).selectOption('nearest');
  await expect(page).toHaveURL('/search?near=25.2048,55.2708&sort=nearest');
  await expect(main.getByText('Distances from the centre of Dubai')).toBeVisible();
  const cards = main.locator('.listing-grid > li');
  await expect(cards.first()).toContainText('About 1 km away');
  const shown = await distances(cards);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
});

test('nearest first in Arabic: right to left, translated distances, no accessibility violations', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ geolocation: SHARJAH });
  await chooseLanguage(context, baseURL, 'ar');
  await context.grantPermissions(['geolocation'], { origin: baseURL ?? 'http://127.0.0.1:4173' });
  const page = await context.newPage();
  await page.goto('/search');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'استخدم موقعي' }).click();
  await expect(page).toHaveURL('/search?near=25.346,55.421&sort=nearest');
  const sort = main.getByRole('combobox', { name: 'الترتيب' });
  await expect(sort).toHaveValue('nearest');
  await expect(sort.locator('option:checked')).toHaveText('الأقرب أولاً');
  const cards = main.locator('.listing-grid > li');
  await expect(cards.first()).toContainText('على بعد 1 كم تقريبًا');
  const shown = await distances(cards);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
  await context.close();
});

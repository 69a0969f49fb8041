import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// The demo catalogue holds more than two pages of vehicles (Al Noor Motors alone lists 61).
test.describe.configure({ timeout: 60_000 });

test('search with words, two filters and a sort; the address holds it all, and Back undoes a step', async ({
  page,
}) => {
  await page.goto('/search');
  const main = page.getByRole('main');
  const field = page.getByRole('combobox', { name: 'Search listings' });
  await field.fill('toyota');
  await field.press('Enter');
  await expect(page).toHaveURL('/search?q=toyota');
  await expect(main.getByRole('heading', { level: 1, name: 'Results for “toyota”' })).toBeVisible();
  const cards = main.locator('.listing-grid > li');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(/toyota/i);

  await main.getByRole('group', { name: 'Category' }).getByRole('link', { name: 'Vehicles' }).click();
  await expect(page).toHaveURL('/search?q=toyota&category=vehicles');
  await main.getByRole('group', { name: 'Category' }).getByRole('link', { name: 'Cars' }).click();
  await expect(page).toHaveURL('/search?q=toyota&category=cars');
  const transmission = main.getByRole('group', { name: 'Transmission' });
  // A click changes the address; the box shows the address's state (check() would expect it at once).
  await transmission.getByRole('checkbox', { name: /^Automatic/ }).click();
  await expect(page).toHaveURL('/search?q=toyota&category=cars&a.transmission=automatic');
  await expect(transmission.getByRole('checkbox', { name: /^Automatic/ })).toBeChecked();
  await main.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await expect(page).toHaveURL('/search?q=toyota&category=cars&a.transmission=automatic&sort=price_asc');
  await expect(cards.first()).toBeVisible();
  const prices = await main.locator('.listing-grid .listing-card-price').allTextContents();
  const amounts = prices.map((text) => Number(text.replaceAll(/[^0-9]/g, '')));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await expect(main.getByRole('list', { name: 'Chosen filters' }).getByRole('button')).toHaveCount(3);

  // A reload shows the same search; Back takes the sort away again.
  await page.reload();
  await expect(main.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await page.goBack();
  await expect(page).toHaveURL('/search?q=toyota&category=cars&a.transmission=automatic');
  await expect(main.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
});

// Issue 32: a category page is a search scoped to its category, on the category's own address.
test('a category page filters by price and a field, sorts, and shows chips; Back and a reload keep it', async ({
  page,
}) => {
  await page.goto('/c/cars');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Cars' })).toBeVisible();
  await expect(
    main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Vehicles' }),
  ).toBeVisible();
  const cards = main.locator('.listing-grid > li');
  await expect(cards.first()).toBeVisible();
  // Nothing chosen yet: the filters are a column the Filters button opens.
  await main.getByRole('button', { name: 'Filters' }).click();
  await main
    .getByRole('group', { name: 'Brand' })
    .getByRole('checkbox', { name: /^Toyota/ })
    .click();
  await expect(page).toHaveURL('/c/cars?a.brand=toyota');
  const price = main.getByRole('group', { name: 'Price (AED)' });
  await price.getByRole('textbox', { name: 'Highest price' }).fill('150000');
  await price.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/c/cars?a.brand=toyota&max_price=150000');
  await main.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  const filtered = '/c/cars?a.brand=toyota&max_price=150000&sort=price_asc';
  await expect(page).toHaveURL(filtered);
  await expect(cards.first()).toContainText(/toyota/i);
  const amountsOf = async () =>
    (await main.locator('.listing-grid .listing-card-price').allTextContents()).map((text) =>
      Number(text.replaceAll(/[^0-9]/g, '')),
    );
  await expect.poll(async () => (await amountsOf()).every((amount) => amount <= 150_000)).toBe(true);
  const amounts = await amountsOf();
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  const chips = main.getByRole('list', { name: 'Chosen filters' });
  await expect(chips.getByRole('button')).toHaveCount(2);

  await chips.getByRole('button', { name: 'Remove Brand: Toyota' }).click();
  await expect(page).toHaveURL('/c/cars?max_price=150000&sort=price_asc');
  await expect(chips.getByRole('button')).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expect(chips.getByRole('button')).toHaveCount(2);

  // A reload: the server's HTML already holds these results, and names the clean address as canonical.
  const html = await (await page.reload())?.text();
  expect(html).toContain('"/api/search?category=cars&a.brand=toyota&max_price=150000&sort=price_asc"');
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/c\/cars">/);
  await expect(main.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await expect(main.getByRole('group', { name: 'Brand' }).getByRole('checkbox', { name: /^Toyota/ })).toBeChecked();
  await expect(cards.first()).toContainText(/toyota/i);
});

test('a misspelt word is corrected, and the page says which words it searched for', async ({ page }) => {
  await page.goto('/search?q=toyta');
  const main = page.getByRole('main');
  await expect(main.getByText('Showing results for “toyota”: nothing matched “toyta”.')).toBeVisible();
  await expect(main.locator('.listing-grid > li').first()).toContainText(/toyota/i);
});

test('the header suggests as the user types; choosing “in Cars” searches that category', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('combobox', { name: 'Search listings' });
  await field.pressSequentially('toyo');
  const suggestion = page.getByRole('option', { name: /toyo\W* in \W*Cars/ });
  await expect(suggestion).toBeVisible();
  await expect(page.getByRole('option', { name: /Toyota/ }).first()).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL('/search?q=toyo&category=cars');
  await expect(page.getByRole('main').locator('.listing-grid > li').first()).toContainText(/toyota/i);
});

test('Load more, open a result, come back: the same results at the same place', async ({ page }) => {
  await page.goto('/search?category=vehicles');
  const main = page.getByRole('main');
  const cards = main.locator('.listing-grid > li');
  await expect(cards).toHaveCount(24);
  await main.getByRole('link', { name: 'Load more' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  const chosen = cards.nth(30);
  await chosen.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  const title = (await chosen.locator('.listing-card-link').textContent()) ?? '';
  await chosen.locator('.listing-card-link').click();
  await expect(page).toHaveURL(/\/items\/\d+\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/search?category=vehicles');
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  expect(title).not.toBe('');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the filters are a full-screen sheet; choosing one and closing it shows the results', async ({ page }) => {
    await page.goto('/search?q=phone');
    const main = page.getByRole('main');
    await expect(main.locator('.listing-grid > li').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await main.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('heading', { name: 'Filters' })).toBeFocused();
    const { violations } = await new AxeBuilder({ page }).include('.search-panel').analyze();
    expect(violations).toEqual([]);
    await sheet.getByRole('group', { name: 'Condition' }).getByRole('checkbox', { name: /^New/ }).click();
    await expect(page).toHaveURL('/search?q=phone&condition=new');
    await expect(sheet.getByRole('group', { name: 'Condition' }).getByRole('checkbox', { name: /^New/ })).toBeChecked();
    await sheet.getByRole('button', { name: /^Show \d+ listings?$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(main.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  });
});

test('a category page in Arabic on a phone: its filters in the sheet, nothing wider than the screen', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL ?? 'http://127.0.0.1:4173' }]);
  const page = await context.newPage();
  await page.goto('/c/cars?sort=price_desc');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'سيارات' })).toBeVisible();
  await expect(main.locator('.listing-grid > li').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await main.getByRole('button', { name: 'التصفية' }).click();
  const sheet = page.getByRole('dialog', { name: 'التصفية' });
  await sheet.getByRole('group', { name: 'ناقل الحركة' }).getByRole('checkbox', { name: /^يدوي/ }).click();
  await expect(page).toHaveURL('/c/cars?a.transmission=manual&sort=price_desc');
  const { violations } = await new AxeBuilder({ page }).include('.search-panel').analyze();
  expect(violations).toEqual([]);
  await sheet.getByRole('button', { name: /^عرض/ }).click();
  await expect(sheet).toBeHidden();
  await expect(
    main.getByRole('list', { name: 'التصفيات المختارة' }).getByRole('button', { name: /يدوي/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('the search page in Arabic: right to left, translated, no accessibility violations', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseURL ?? 'http://127.0.0.1:4173' }]);
  const page = await context.newPage();
  await page.goto('/search?q=toyota&category=cars');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'نتائج «toyota»' })).toBeVisible();
  await expect(main.getByRole('group', { name: 'الحالة' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
  await context.close();
});

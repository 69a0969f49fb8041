import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

// Each test sets up a staff member's second factor first, as admin-moderation.spec.ts does.
test.describe.configure({ timeout: 90_000 });

/** Whether the page is no wider than the screen: the table scrolls inside its own box. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a moderator on a phone in Arabic reads the 30 days: totals, charts running right to left, and the table from the keyboard', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, { first_name: 'Mona', last_name: 'Moderator' });
  await grantStaffRole(page, 'moderator');
  // The second factor's last step lands on /admin: the dashboard.
  await setUpSecondFactor(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();

  await chooseLanguage(context, baseURL, 'ar');
  const figures = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/dashboard');
  await page.goto('/admin');
  expect((await figures).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة المتابعة' })).toBeVisible();
  await expect(page).toHaveTitle(/لوحة المتابعة/);

  // Totals: this account was made today, so the 30 days have at least one new user.
  const totals = page.getByRole('region', { name: 'مجموع الأيام الثلاثين' });
  await expect(totals.getByText('مستخدمون جدد')).toBeVisible();
  expect(Number((await totals.locator('dd').first().textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);

  // Seven charts, hidden from screen readers; time runs right to left: the oldest day at the right.
  const charts = page.locator('.dashboard-chart');
  await expect(charts).toHaveCount(7);
  await expect(charts.first()).toHaveAttribute('aria-hidden', 'true');
  const [oldest, newest] = await charts
    .first()
    .locator('.dashboard-chart-day')
    .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().x));
  expect(oldest).toBeGreaterThan(newest ?? Infinity);

  // The table: 30 days, today first; it scrolls inside its box, never the page, and the keyboard
  // reaches it and scrolls it.
  const region = page.getByRole('region', { name: 'أرقام كل يوم، من الأحدث إلى الأقدم' });
  await expect(region.getByRole('row')).toHaveCount(31);
  await expect(region.getByRole('rowheader').first()).toContainText('اليوم، حتى الآن');
  expect(await fitsTheScreen(page)).toBe(true);
  const box = page.locator('.staff-table-wrap');
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  for (let presses = 0; presses < 60; presses += 1) {
    if (await box.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // Right to left, the box scrolls towards negative offsets.
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeLessThan(0);
  await context.close();
});

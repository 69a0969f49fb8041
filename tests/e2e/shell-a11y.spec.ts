import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/languages';
import { demoUser, logIn } from './support/sign-in';

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

for (const [name, path, heading] of [
  ['the home page', '/', 'Buy and sell with people and companies near you'],
  ['the login page', '/login', 'Log in'],
  ['the registration page', '/register', 'Create an account'],
  ['the 404 page', '/no/such/page', 'Page not found'],
] as const) {
  test(`${name} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page);
  });
}

test('the header with its account menu open has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await page.getByRole('button', { name: `Account menu for ${demoUser.name}` }).click();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' })).toBeVisible();
  await expectNoViolations(page);
});

test('the mobile submenu, open, has no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await expectNoViolations(page);
});

test('toasts have no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await page.getByRole('button', { name: `Account menu for ${demoUser.name}` }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You have logged out.' })).toBeVisible();
  // Colour contrast is measured once the toast has finished coming in, and while the pointer rests on
  // it: halfway through its entrance or its exit it is partly transparent, which axe reads as low
  // contrast. Hovered, it stays; otherwise its 5 s could run out while axe reads a loaded machine's page.
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'You have logged out.' });
  await toast.hover();
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  await expectNoViolations(page);
});

/*
 * Dark mode follows the system's setting (prefers-color-scheme, docs/design.md): the key pages, in
 * both languages, drawn on the dark surface and still without a violation (colour contrast above all).
 */
test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  for (const [name, path, locale, heading] of [
    ['the home page', '/', 'en', 'Buy and sell with people and companies near you'],
    ['the home page in Arabic', '/', 'ar', 'بِع واشترِ مع أفراد وشركات بالقرب منك'],
    ['the login page in Arabic', '/login', 'ar', 'تسجيل الدخول'],
  ] as const) {
    test(`${name} is dark and has no accessibility violations`, async ({ page, context, baseURL }) => {
      await chooseLanguage(context, baseURL, locale);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(16, 23, 22)');
      await expectNoViolations(page);
    });
  }

  test('the header with its account menu open has no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    await page.getByRole('button', { name: `Account menu for ${demoUser.name}` }).click();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }),
    ).toBeVisible();
    await expectNoViolations(page);
  });
});

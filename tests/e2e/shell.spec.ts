import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/languages';
import { demoUser, logIn } from './support/sign-in';

test('the home page welcomes a visitor and offers a way in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy and sell with people and companies near you');
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Home' })).toBeVisible();
});

/** The app's typeface's faces the page has downloaded: weight and script (docs/design.md). */
const loadedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    // Whether a face's unicode-range (U+627, U+600-6FF or U+6??) holds the Arabic letter alef.
    const hasAlef = (range: string) =>
      range.split(',').some((part) => {
        const [low = '', high = low] = part.trim().replace('U+', '').split('-');
        const from = parseInt(low.replaceAll('?', '0'), 16);
        return from <= 0x627 && 0x627 <= parseInt(high.replaceAll('?', 'F'), 16);
      });
    const faces: string[] = [];
    document.fonts.forEach((face) => {
      const family = face.family.replaceAll('"', '');
      // The fallback's faces are the system's own fonts (local()), sized to the app's: nothing to download.
      if (family.endsWith(' Fallback')) return;
      const script = hasAlef(face.unicodeRange) ? 'Arabic' : 'Latin';
      if (face.status === 'loaded') faces.push(`${family} ${face.weight} ${script}`);
    });
    return faces.sort();
  });

test('text is set in the app’s typeface, its Arabic letters downloaded only by a page in Arabic', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('font-family', /^"IBM Plex Sans Arabic"/);
  // The switch's one Arabic word is in the system's face: an English page needs only the Latin faces.
  await expect
    .poll(() => loadedFaces(page))
    .toEqual(['IBM Plex Sans Arabic 400 Latin', 'IBM Plex Sans Arabic 600 Latin']);

  await chooseLanguage(context, baseURL, 'ar');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  await expect
    .poll(() => loadedFaces(page))
    .toEqual(expect.arrayContaining(['IBM Plex Sans Arabic 400 Arabic', 'IBM Plex Sans Arabic 600 Arabic']));
});

test('the header can be worked through with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  const account = page.getByRole('button', { name: `Account menu for ${demoUser.name}` });
  await expect(account).toBeVisible();

  await page.goto('/');
  await expect(account).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Marketplace' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Categories' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sell' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('button', { name: 'العربية' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Messages/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(account).toBeFocused();

  const profile = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' });
  await page.keyboard.press('Enter');
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(profile).toBeFocused();
  // The open account menu (the header's own Messages link, beside it, has the same name).
  const menu = page.locator('ul.dropdown-menu.show');
  for (const name of [
    'Your public page',
    'My listings',
    'My purchases',
    'My sales',
    'Orders history',
    'Messages',
    'Favourites',
    'Saved searches',
    'Notification settings',
    'Password and security',
    'Blocked people',
    'Your data and deleting your account',
  ]) {
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await expect(account).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(profile).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'You have logged out.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('the header collapses into a menu that opens at the bottom, within a thumb’s reach', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Log in' })).toBeHidden();
    const menu = banner.getByRole('button', { name: 'Menu', exact: true });
    // Its three-line icon is drawn (Bootstrap draws it only inside a .navbar, which this is not).
    const icon = menu.locator('.navbar-toggler-icon');
    expect(await icon.evaluate((element) => getComputedStyle(element).maskImage)).toMatch(/^url\("data:image\/svg/);
    expect((await icon.boundingBox())?.width).toBeGreaterThanOrEqual(16);
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');

    const submenu = page.getByRole('navigation', { name: 'Menu' });
    const items = submenu.getByRole('link').or(submenu.getByRole('button'));
    await expect(items).toHaveText(['Home', 'Categories', 'Log in', 'Register', 'العربية', 'Close menu']);
    for (const box of await Promise.all((await items.all()).map((item) => item.boundingBox()))) {
      expect(box?.height).toBeGreaterThanOrEqual(48);
      expect(box?.width).toBeGreaterThanOrEqual(300);
    }
    const lastBox = await items.last().boundingBox();
    expect(Math.round((lastBox?.y ?? 0) + (lastBox?.height ?? 0))).toBeGreaterThanOrEqual(740 - 24);

    await submenu.getByRole('link', { name: 'Log in' }).tap();
    await expect(page).toHaveURL('/login');
    await expect(submenu).toBeHidden();
  });

  test('the menu works from the keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Home' }).first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Categories' }),
    ).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Profile' })).toBeFocused();
    await expect(page.getByText(demoUser.name)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

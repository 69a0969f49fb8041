import { expect, test, type Locator } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage, languageSwitch } from './support/languages';
import { demoUser, logIn } from './support/sign-in';

test('a first visit follows the browser’s language; the switch is remembered after a reload', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'ar-AE', ...(baseURL && { baseURL }) });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('بِع واشترِ مع أفراد وشركات بالقرب منك');

  await languageSwitch(page, 'English').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy and sell with people and companies near you');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy and sell with people and companies near you');
  await context.close();
});

test('a page downloads only its own language’s messages and its direction’s stylesheet', async ({
  page,
  context,
  baseURL,
}) => {
  await chooseLanguage(context, baseURL, 'ar');
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  // The shell's Arabic strings and the login page's own (decision 042), no English, no other page's.
  expect(
    fetched
      .filter((path) => /messages-(en|ar)-/.test(path))
      .map((path) => /messages-(\w+)-(login-page-)?/.exec(path)?.slice(1, 3).join(''))
      .sort(),
  ).toEqual(['ar', 'arlogin-page-']);
  expect(fetched.filter((path) => path.includes('/assets/bootstrap')).map((path) => path.includes('.rtl.'))).toEqual([
    true,
  ]);
});

test('a signed-in user’s choice is kept on the account and follows them to another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await signIn(page);
  await page.goto('/');
  await languageSwitch(page, 'العربية').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`مرحبًا بعودتك يا ${account.first_name}`);

  const elsewhere = await browser.newContext(baseURL ? { baseURL } : {});
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await logIn(other, { ...demoUser, email: account.email, password: account.password });
  await expect(other.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`مرحبًا بعودتك يا ${account.first_name}`);
  await elsewhere.close();
});

const chevronOf = (link: Locator) => link.evaluate((element) => getComputedStyle(element, '::after').transform);

test('the mobile submenu offers the switch and closes on it; its chevrons turn with the text', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  // rotate(45deg): pointing right, the way English reads.
  expect(await chevronOf(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Home' }))).toBe(
    'matrix(0.707107, 0.707107, -0.707107, 0.707107, 0, 0)',
  );
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'القائمة' })).toBeHidden();
  await page.getByRole('button', { name: 'القائمة', exact: true }).click();
  const home = page.getByRole('navigation', { name: 'القائمة' }).getByRole('link', { name: 'الرئيسية' });
  // rotate(-45deg) on the mirrored corner: pointing left, the way Arabic reads.
  expect(await chevronOf(home)).toBe('matrix(0.707107, -0.707107, 0.707107, 0.707107, 0, 0)');
});

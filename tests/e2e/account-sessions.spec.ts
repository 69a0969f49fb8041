import { expect, test, type Browser } from '@playwright/test';
import { signIn, type TestAccount } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { subscribedTo } from './support/realtime';
import { logIn } from './support/sign-in';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** The account signed in on another device, whose browser says `userAgent`. */
async function signInElsewhere(browser: Browser, account: TestAccount, userAgent: string, locale?: 'ar') {
  const context = await browser.newContext({ userAgent });
  if (locale) await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
  const page = await context.newPage();
  // Once signed in, the page listens on the user's channel under this session: when the session is
  // signed out from elsewhere, the server closes that connection and the page loads again signed out.
  const listening = subscribedTo(page, 'private-user.');
  await page.goto('/login');
  if (locale) {
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByLabel('كلمة المرور').fill(account.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).last().click();
  } else {
    await logIn(page, account);
  }
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  await listening;
  return { context, page };
}

test('sessions on other devices: each is listed with its device, and signed out one by one or all at once', async ({
  page,
  browser,
}) => {
  test.slow();
  const account = await signIn(page);
  const phone = await signInElsewhere(browser, account, IPHONE);
  const desktop = await signInElsewhere(browser, account, WINDOWS_FIREFOX);

  await page.goto('/account/password');
  const list = page.getByRole('region', { name: 'Sessions on other devices' }).getByRole('listitem');
  await expect(list).toHaveCount(3);
  await expect(list.first()).toContainText('This device');
  const phoneRow = list.filter({ hasText: 'Safari · iOS' });
  await expect(phoneRow).toContainText('Phone');
  await expect(phoneRow).toContainText('Last active');
  await expect(list.filter({ hasText: 'Firefox · Windows' })).toContainText('Computer');

  // The phone's open page hears its session end and loads again by itself, signed out.
  const phoneReloaded = phone.page.waitForEvent('load');
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('That device has been signed out.')).toBeVisible();
  await expect(list).toHaveCount(2);
  await phoneReloaded;
  await expect(phone.page.getByTestId('signed-in-user')).toHaveCount(0);
  await phone.page.goto('/account/password');
  await expect(phone.page).toHaveURL(/\/login\?redirect=/);

  const desktopReloaded = desktop.page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('1 other device has been signed out.')).toBeVisible();
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
  await expect(list).toHaveCount(1);
  await desktopReloaded;
  await expect(desktop.page.getByTestId('signed-in-user')).toHaveCount(0);

  // This device stays signed in.
  await page.reload();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  await phone.context.close();
  await desktop.context.close();
});

test('in Arabic, right to left: the sessions list and signing a phone out', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  test.slow();
  await chooseLanguage(context, baseURL, 'ar');
  const account = await signIn(page, { first_name: 'نورة', last_name: 'خليل' });
  const phone = await signInElsewhere(browser, account, IPHONE, 'ar');
  await page.goto('/account/password');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const list = page.getByRole('region', { name: 'الجلسات على الأجهزة الأخرى' }).getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText('هذا الجهاز');
  const phoneRow = list.filter({ hasText: 'هاتف' });
  await expect(phoneRow).toContainText('آخر نشاط');
  await phoneRow.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page.getByText('تم تسجيل الخروج من ذلك الجهاز.')).toBeVisible();
  await expect(list).toHaveCount(1);
  await phone.context.close();
});

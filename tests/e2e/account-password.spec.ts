import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken } from './support/listings';
import { linkIn, mailTo } from './support/mail';
import { subscribedTo } from './support/realtime';
import { logIn } from './support/sign-in';

test('changing the password: a wrong current one is refused; then other devices are signed out and an e-mail says so', async ({
  page,
  browser,
}) => {
  test.slow();
  const account = await signIn(page);
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await logIn(phone, account);
  await expect(phone.getByTestId('signed-in-user')).toBeVisible();

  const joined = subscribedTo(page, 'private-user.');
  await page.goto('/');
  await joined;
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('link', { name: 'Password and security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password and security' })).toBeVisible();

  await page.getByLabel('Current password').fill('not my password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('my new pass phrase');
  await page.getByLabel('Confirm new password').fill('my new pass phrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();

  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Every other device has been signed out.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  // The bell heard the change live; and this tab's live updates go on under its renewed session.
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await api(page.request, await csrfToken(page), 'POST', '/api/test/notifications', { category: 'orders' });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

  // This browser stays signed in, and its next change still passes the CSRF check (its token was renewed).
  await page.reload();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  // The other device's session has ended: its next page asks to log in.
  await phone.goto('/account/password');
  await expect(phone).toHaveURL(/\/login\?redirect=%2Faccount%2Fpassword$/);
  await phoneContext.close();

  const mail = await mailTo(account.email, 'Your password was changed');
  expect(mail.text).toContain('Every other device was signed out.');
});

test('forgot password: the link from the e-mail sets a new password once, and signs in', async ({ page, browser }) => {
  test.slow();
  const account = await signIn(page);
  const laptop = page;
  const context = await browser.newContext();
  const visitor = await context.newPage();

  await visitor.goto('/login');
  await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Forgot your password' })).toBeVisible();
  await visitor.getByLabel('E-mail address').fill(account.email);
  await visitor.getByRole('button', { name: 'Send the link' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'we have sent it a link' })).toContainText(
    `If an account uses ${account.email}`,
  );

  const mail = await mailTo(account.email, 'Set a new password');
  const link = linkIn(mail, '/reset-password');
  await visitor.goto(link);
  await visitor.getByRole('textbox', { name: 'New password', exact: true }).fill('reset pass phrase');
  await visitor.getByLabel('Confirm new password').fill('reset pass phrase');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.getByTestId('signed-in-user')).toBeVisible();
  await expect(
    visitor.getByText('Your new password is set and you are signed in. Every other device has been signed out.'),
  ).toBeVisible();

  // The session that was signed in before the reset has ended.
  await laptop.goto('/account/password');
  await expect(laptop).toHaveURL(/\/login/);

  // The link works once.
  await visitor.goto(link);
  await visitor.getByRole('textbox', { name: 'New password', exact: true }).fill('an attacker pass phrase');
  await visitor.getByLabel('Confirm new password').fill('an attacker pass phrase');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await expect(visitor.getByRole('alert')).toContainText('This link does not work');
  await context.close();

  await logIn(laptop, { email: account.email, password: 'reset pass phrase' });
  await expect(laptop.getByTestId('signed-in-user')).toBeVisible();
  await mailTo(account.email, 'Your password was changed');
});

test('in Arabic, right to left: the password page, the forgot page and the reset e-mail', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await chooseLanguage(context, baseURL, 'ar');
  const account = await signIn(page, { first_name: 'نورة', last_name: 'خليل' });
  await page.goto('/account/password');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'كلمة المرور والأمان' })).toBeVisible();
  await page.getByLabel('كلمة المرور الحالية').fill('خطأ تماما');
  await page.getByRole('textbox', { name: 'كلمة المرور الجديدة', exact: true }).fill('كلمة مرور جديدة طويلة');
  await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('كلمة مرور جديدة طويلة');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('كلمة المرور الحالية غير صحيحة.')).toBeVisible();

  await page.getByRole('button', { name: /^قائمة حساب/ }).click();
  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
  await page.goto('/forgot-password');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'نسيت كلمة المرور' })).toBeVisible();
  await page.getByLabel('البريد الإلكتروني').fill(account.email);
  await page.getByRole('button', { name: 'أرسل الرابط' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'أرسلنا' })).toBeVisible();

  const mail = await mailTo(account.email, 'تعيين كلمة مرور جديدة');
  expect(mail.html).toContain('dir="rtl"');
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'تعيين كلمة مرور جديدة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, signUp } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { csrfToken, readyPhoneDraft } from './support/listings';
import { mailTo, newestLinkTo } from './support/mail';

test('registering: a banner until the e-mailed link is followed; publishing waits for it, then works', async ({
  page,
}) => {
  test.slow();
  const account = await signUp(page, {}, { verified: false });
  const draftId = await readyPhoneDraft(page, `Pixel ${Date.now().toString(36)} waiting for a verified seller`);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`Please confirm your e-mail address ${account.email}`);

  // The API refuses to publish, with words that say what to do.
  const refused = await page.request.post(`/api/listings/${draftId}/publish`, {
    headers: {
      'x-csrf-token': await csrfToken(page),
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^Verify your e-mail address before publishing a listing/,
  );

  // Resend: a toast says where the new link went; it is the one that works.
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(
    page.getByText(`We have sent a new link to ${account.email}. It works once, for 24 hours.`),
  ).toBeVisible();
  const link = await newestLinkTo(account.email, '/verify-email', { atLeast: 2 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(
    page.getByText('Your e-mail address is verified. You can publish listings and order now.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  const published = await page.request.post(`/api/listings/${draftId}/publish`, {
    headers: {
      'x-csrf-token': await csrfToken(page),
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
    },
  });
  expect(published.status()).toBe(200);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link does not work');
});

test('deleting an account in Arabic: right to left, no axe violations; signed out, a confirmation e-mail, no way back in', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await chooseLanguage(context, baseURL, 'ar');
  const account = await signIn(page, { first_name: 'نورة', last_name: 'خليل' });
  await page.goto('/account/password');
  await page.getByRole('link', { name: 'بياناتك وحذف حسابك' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'بياناتك وحذف حسابك' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'تنزيل بياناتي (ملف جيسون)' })).toHaveAttribute(
    'href',
    '/api/account/export',
  );
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);

  await page.getByLabel('كلمة المرور').fill('not my password');
  await page.getByRole('button', { name: 'احذف حسابي' }).click();
  await expect(page.getByText('كلمة المرور الحالية غير صحيحة.')).toBeVisible();

  await page.getByLabel('كلمة المرور').fill(account.password);
  await page.getByRole('button', { name: 'احذف حسابي' }).click();
  await expect(page.getByText(`حُذف حسابك. أرسلنا تأكيدًا إلى ${account.email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();

  const mail = await mailTo(account.email, 'حُذف حسابك');
  expect(mail.text).toContain('صار هذا العنوان متاحًا لحساب جديد');

  await page.goto('/login');
  await page.getByLabel('البريد الإلكتروني').fill(account.email);
  await page.getByLabel('كلمة المرور').fill(account.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByText('بيانات الدخول هذه لا تطابق سجلاتنا.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
});

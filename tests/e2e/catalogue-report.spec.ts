import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { publishPhone } from './support/listings';
import { logIn } from './support/sign-in';

test.describe.configure({ timeout: 60_000 });

test('a visitor logs in to report a listing, sends a report once, and is told so the second time', async ({
  browser,
}) => {
  const sellerContext = await browser.newContext();
  const listing = await publishPhone(await sellerContext.newPage());
  const accountContext = await browser.newContext();
  const account = await signIn(await accountContext.newPage(), { first_name: 'Omar', last_name: 'Saleh' });
  await accountContext.close();

  const page = await browser.newPage();
  await page.goto(`/items/${listing.id}/${listing.slug}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Report' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logIn(page, account);
  await expect(page).toHaveURL(`/items/${listing.id}/${listing.slug}`);

  await main.getByRole('button', { name: 'Report' }).click();
  const form = main.getByRole('form', { name: 'Report this listing' });
  await expect(form.getByRole('heading', { name: 'Report this listing' })).toBeFocused();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Choose why you are reporting this listing.')).toBeVisible();
  await form.getByRole('radio', { name: 'It looks like a scam' }).check();
  await form.getByRole('textbox', { name: 'Details' }).fill('Asks for a deposit by bank transfer before a viewing.');
  const sent = page.waitForResponse((response) => response.url().endsWith(`/api/listings/${listing.id}/report`));
  await form.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).status()).toBe(201);
  await expect(main.getByRole('status').filter({ hasText: 'Thank you. Your report was sent' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Report' })).toHaveCount(0);

  // The seller's own page of the listing says nothing of it.
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto(`/items/${listing.id}/${listing.slug}`);
  await expect(sellerPage.getByText('This is your listing.', { exact: false })).toBeVisible();
  await expect(sellerPage.getByRole('main').getByText('Report', { exact: false })).toHaveCount(0);
  await sellerContext.close();

  await page.reload();
  await main.getByRole('button', { name: 'Report' }).click();
  await form.getByRole('radio', { name: 'Duplicate or spam' }).check();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: 'You have already reported this listing. Thank you: we are reviewing it.' }),
  ).toBeVisible();
});

test('the report form in Arabic: right to left, in Arabic, on a phone, with no accessibility violations', async ({
  browser,
  baseURL,
}) => {
  const sellerContext = await browser.newContext();
  const listing = await publishPhone(await sellerContext.newPage());
  await sellerContext.close();

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`/items/${listing.id}/${listing.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'إبلاغ' }).click();
  const form = main.getByRole('form', { name: 'الإبلاغ عن هذا الإعلان' });
  await expect(form.getByRole('radio', { name: 'يبدو أنه احتيال' })).toBeVisible();
  await form.getByRole('radio', { name: 'سبب آخر' }).check();
  await form.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(form.getByText('اذكر ما الخطأ عند اختيار «سبب آخر».')).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page }).include('form').analyze();
  expect(violations).toEqual([]);
  await context.close();
});

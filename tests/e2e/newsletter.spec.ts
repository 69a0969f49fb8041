import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from './support/languages';
import { linkIn, mailTo } from './support/mail';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

test('a visitor signs up in the footer in Arabic, confirms from the e-mail, and the page says so', async ({
  page,
  context,
  baseURL,
}) => {
  await chooseLanguage(context, baseURL, 'ar');
  const email = `newsletter-${Date.now()}-${test.info().workerIndex}@example.com`;
  await page.goto('/help');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'بريدك لتلقي النشرة' }).fill(email);
  await expect(footer.getByRole('combobox', { name: 'لغة الرسائل' })).toHaveValue('ar');
  await footer.getByRole('button', { name: 'اشترك' }).click();
  await expect(footer.getByRole('status')).toContainText('بقيت خطوة');

  // The confirmation e-mail, in Arabic, with one-click unsubscribe (RFC 8058).
  const mail = await mailTo(email, 'أكّد اشتراكك في النشرة البريدية للسوق');
  const postHeader = mail.headerLines.find((line) => line.key === 'list-unsubscribe-post');
  expect(postHeader?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await page.goto(linkIn(mail, '/newsletter/confirm'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'نعم، اشترك' }).click();
  await expect(page.getByText('تم اشتراكك. ستصل النشرة القادمة إلى بريدك.')).toBeVisible();

  // The link is spent: opening it again says so, in the e-mail's language.
  await page.goto(linkIn(mail, '/newsletter/confirm'));
  await expect(page.getByText(/هذا الرابط لا يعمل/)).toBeVisible();
});

test('/newsletter has its title and description in the first HTML and passes axe in both languages', async ({
  page,
  context,
  baseURL,
}) => {
  const first = await page.request.get('/newsletter', { headers: { accept: 'text/html' } });
  const html = await first.text();
  expect(html).toContain('<title>Newsletter · Marketplace</title>');
  expect(html).toMatch(/<meta name="description" content="Subscribe to the Marketplace newsletter/);
  await page.goto('/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'The Marketplace newsletter' })).toBeVisible();
  await expectNoAxeViolations(page);

  await chooseLanguage(context, baseURL, 'ar');
  await page.goto('/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'النشرة البريدية للسوق' })).toBeVisible();
  await expectNoAxeViolations(page);
});

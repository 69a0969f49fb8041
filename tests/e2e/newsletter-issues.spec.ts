import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { linkIn, mailTo } from './support/mail';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

// The second factor's set-up comes first, as in the other back-office tests.
test.describe.configure({ timeout: 90_000 });

test('staff write an issue and send it: an Arabic subscriber gets it in Arabic with one-click unsubscribe', async ({
  page,
  browser,
}) => {
  // A reader who chose Arabic and confirmed, through the API the footer's form and the e-mail's page use.
  const reader = await browser.newContext();
  const email = `issue-reader-${Date.now()}-${test.info().workerIndex}@example.com`;
  const html = await (await reader.request.get('/', { headers: { accept: 'text/html' } })).text();
  const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
  const headers = { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  await reader.request.post('/api/newsletter/subscriptions', { data: { email, locale: 'ar' }, headers });
  const link = linkIn(await mailTo(email, 'أكّد اشتراكك في النشرة البريدية للسوق'), '/newsletter/confirm');
  const search = link.slice(link.indexOf('?'));
  const confirmed = await reader.request.post(`/api/newsletter/confirm${search}`, { headers });
  expect(confirmed.status()).toBe(200);
  await reader.close();

  await signIn(page, { first_name: 'Nadia', last_name: 'Editor' });
  await grantStaffRole(page, 'admin');
  await setUpSecondFactor(page);
  await page.goto('/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await page.getByRole('button', { name: 'New issue' }).click();
  const form = page.getByRole('form', { name: 'New issue' });
  const subject = `Spring deals ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Subject (English)' }).fill(subject);
  await form.getByRole('textbox', { name: 'Subject (Arabic)' }).fill('عروض الربيع');
  await form.getByRole('textbox', { name: /Text \(English/ }).fill('## This week\n\nThe **best** of the season.');
  await form.getByRole('textbox', { name: /Text \(Arabic/ }).fill('## هذا الأسبوع\n\nأفضل **عروض** الموسم.');
  await form.getByRole('button', { name: 'Save' }).click();
  const panel = page.getByRole('region', { name: new RegExp(subject) });
  await panel.getByRole('button', { name: 'Send to subscribers' }).click();
  await panel.getByRole('button', { name: 'Yes, send it' }).click();
  // The progress moves on the staff channel's pushes, with no reload.
  await expect(panel.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });

  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);

  const issue = await mailTo(email, 'عروض الربيع');
  const unsubscribe = issue.headerLines.find((line) => line.key === 'list-unsubscribe');
  expect(unsubscribe?.line).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  expect(issue.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );
  expect(issue.html).toContain('dir="rtl"');
  expect(issue.html).toContain('<strong>عروض</strong>');
  expect(issue.html).toContain('اقرأها في المتصفح');
});

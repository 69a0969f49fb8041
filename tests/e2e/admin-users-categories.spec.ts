import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

// Each test sets up a staff member's second factor first, as admin-moderation.spec.ts does.
test.describe.configure({ timeout: 90_000 });

/** A staff member of `role` in `page`, second factor set up, at the back-office. */
async function atTheDesk(page: Page, role: 'admin' | 'support', name: { first_name: string; last_name: string }) {
  await signIn(page, name);
  await grantStaffRole(page, role);
  await setUpSecondFactor(page);
}

/** Whether the page is no wider than the screen: a wide table scrolls inside its own box. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('support, on a phone in Arabic, finds a person by e-mail and signs them out everywhere', async ({
  browser,
  baseURL,
}) => {
  const subjectContext = await browser.newContext();
  const subject = await subjectContext.newPage();
  const account = await signIn(subject, { first_name: 'Rasha', last_name: 'Mansour' });
  expect((await subject.request.get('/user', { headers: { accept: 'application/json' } })).status()).toBe(200);

  const deskContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const desk = await deskContext.newPage();
  await atTheDesk(desk, 'support', { first_name: 'Sara', last_name: 'Support' });
  await chooseLanguage(deskContext, baseURL, 'ar');

  // The screen's code arrives on demand: its first list is the sign it is there.
  const listed = desk.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/users');
  await desk.goto('/admin/users');
  expect((await listed).status()).toBe(200);
  await expect(desk.getByRole('heading', { level: 1, name: 'المستخدمون' })).toBeVisible();
  const search = desk.getByRole('search', { name: 'البحث عن مستخدمين' });
  await search.getByRole('searchbox', { name: 'الاسم أو البريد الإلكتروني أو الرقم' }).fill(account.email.slice(0, 20));
  await search.getByRole('button', { name: 'بحث' }).click();
  await expect(desk).toHaveURL(/\/admin\/users\?q=/);
  const results = desk.getByRole('table', { name: 'المستخدمون الذين عُثر عليهم' });
  await expect(results.getByRole('cell', { name: account.email })).toBeVisible();
  expect(await fitsTheScreen(desk)).toBe(true);

  await results.getByRole('link', { name: 'Rasha Mansour' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Rasha Mansour' })).toBeVisible();
  await expect(desk.getByRole('region', { name: 'الجلسات النشطة' }).getByRole('listitem')).toHaveCount(1);
  expect(await fitsTheScreen(desk)).toBe(true);

  await desk.getByRole('button', { name: 'تسجيل خروجه من كل الأجهزة' }).click();
  const confirm = desk.getByRole('alertdialog', { name: 'تسجيل خروج هذا الشخص من كل الأجهزة؟' });
  await expect(confirm.getByRole('button', { name: 'إلغاء' })).toBeFocused();
  await confirm.getByRole('button', { name: 'تسجيل خروجه من كل الأجهزة' }).click();
  await expect(desk.getByText('انتهت جلسة واحدة: خرج من حسابه.')).toBeVisible();
  await expect(desk.getByText('غير مسجّل الدخول في أي مكان.')).toBeVisible();

  // Their browser is signed out: its next call is refused as a visitor's.
  expect((await subject.request.get('/user', { headers: { accept: 'application/json' } })).status()).toBe(401);
  await subjectContext.close();
  await deskContext.close();
});

test('an admin renames a category and its public page says the new name at once', async ({ page }) => {
  await atTheDesk(page, 'admin', { first_name: 'Adel', last_name: 'Admin' });
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/categories');
  await page.goto('/admin/categories');
  expect((await listed).status()).toBe(200);
  const tree = page.getByRole('list', { name: 'Category tree' });
  await tree.getByRole('button', { name: 'Edit Garden and plants' }).click();
  const form = page.getByRole('form', { name: 'Edit Garden and plants' });
  const name = form.getByRole('textbox', { name: 'English name' });
  await expect(name).toHaveValue('Garden and plants');

  await name.fill('Plants and garden tools');
  const saved = page.waitForResponse((response) => response.url().includes('/api/admin/categories/'));
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Plants and garden tools saved: the site shows it now.')).toBeVisible();

  const visitor = await page.context().browser()?.newContext();
  const publicPage = await visitor?.newPage();
  if (!publicPage) throw new Error('no second context');
  await publicPage.goto('/c/garden');
  await expect(publicPage).toHaveTitle(/^Plants and garden tools/);
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Plants and garden tools' })).toBeVisible();

  // No other browser test names this category: the new name stays for the rest of the run.
  await visitor?.close();
});

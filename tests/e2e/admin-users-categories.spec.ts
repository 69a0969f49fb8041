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

test('an admin who makes themself moderator lands on the dashboard as one; another who takes their own role away leaves for the home page', async ({
  browser,
}) => {
  // Two admins, so neither is the last (the server keeps the last one: 409).
  const [firstContext, secondContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all([firstContext.newPage(), secondContext.newPage()]);
  const stamp = Date.now().toString(36);
  const firstName = { first_name: 'Dana', last_name: `Admin ${stamp}` };
  const secondName = { first_name: 'Karim', last_name: `Admin ${stamp}` };
  await Promise.all([atTheDesk(first, 'admin', firstName), atTheDesk(second, 'admin', secondName)]);

  const staffList = (page: Page) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/staff');
  const listed = staffList(first);
  await first.goto('/admin/staff');
  expect((await listed).status()).toBe(200);
  const sections = first.getByRole('navigation', { name: 'Back-office sections' });
  await expect(sections.getByRole('link', { name: 'Staff' })).toBeVisible();
  const name = `${firstName.first_name} ${firstName.last_name}`;
  await first.getByRole('combobox', { name: `Role of ${name}` }).selectOption('moderator');
  await first.getByRole('button', { name: `Save the role of ${name}` }).click();

  await expect(first.getByText('Your role is now moderator: the back-office shows what it allows you.')).toBeVisible();
  await expect(first).toHaveURL(/\/admin$/);
  await expect(first.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(sections).toContainText(`${name}, moderator`);
  await expect(sections.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Categories' })).toHaveCount(0);
  await expect(first.getByText(/could not be loaded/)).toHaveCount(0);
  // Back to the staff screen: the desk says it is not the role's, and asks the server nothing.
  const asked: string[] = [];
  first.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await first.goBack();
  await expect(first.getByText('Your role does not open this screen.')).toBeVisible();
  expect(asked).not.toContain('/api/admin/staff');

  const secondListed = staffList(second);
  await second.goto('/admin/staff');
  expect((await secondListed).status()).toBe(200);
  const secondFull = `${secondName.first_name} ${secondName.last_name}`;
  await second.getByRole('button', { name: `Remove ${secondFull} from staff` }).click();
  await second
    .getByRole('alertdialog', { name: `Remove ${secondFull} from staff?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(second.getByText('You no longer hold a staff role: you have left the back-office.')).toBeVisible();
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByRole('navigation', { name: 'Back-office sections' })).toHaveCount(0);
  // The back-office is an address that does not exist for them now.
  const gone = await second.goto('/admin');
  expect(gone?.status()).toBe(404);
  await Promise.all([firstContext.close(), secondContext.close()]);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';

/** Someone with a public page, signed out again: the person to block. */
async function someone(browser: Browser): Promise<{ id: number; name: string }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const account = await signIn(page, { first_name: 'Omar', last_name: 'Khalil' });
    const user = (await (await page.request.get('/user')).json()) as { data: { id: number } };
    return { id: user.data.id, name: `${account.first_name} ${account.last_name.charAt(0)}.` };
  } finally {
    await context.close();
  }
}

test('blocking someone from their page, in Arabic, and unblocking them from Blocked people', async ({
  browser,
  baseURL,
}) => {
  const other = await someone(browser);
  const context = await browser.newContext();
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  await signIn(page);

  await page.goto(`/users/${other.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: `حظر ${other.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `هل تريد حظر ${other.name}؟` });
  await expect(dialog.getByRole('button', { name: 'إلغاء' })).toBeFocused();
  await dialog.getByRole('button', { name: 'حظر', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `${other.name} محظور` })).toBeVisible();

  // On the server, not only on screen: after a reload the page still says so.
  await page.reload();
  await expect(page.getByRole('button', { name: 'إلغاء الحظر' })).toBeVisible();

  await page.goto('/account/blocked');
  await expect(page.getByRole('heading', { level: 1, name: 'الأشخاص المحظورون' })).toBeVisible();
  const list = page.getByRole('list', { name: 'الأشخاص المحظورون' });
  await expect(list.getByRole('link', { name: other.name })).toHaveAttribute('href', `/users/${other.id}`);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);

  await list.getByRole('button', { name: `إلغاء الحظر ${other.name}` }).click();
  await expect(page.getByText('لم تحظر أي شخص.')).toBeVisible();
  await page.goto(`/users/${other.id}`);
  await expect(page.getByRole('button', { name: `حظر ${other.name}` })).toBeVisible();
  await context.close();
});

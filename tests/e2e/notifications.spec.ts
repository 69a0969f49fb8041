import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken } from './support/listings';
import { linkInMail, mailsTo, waitForMail } from './support/mail';
import { expectSubscriptions } from './support/realtime';

/**
 * Raises a notification for the signed-in user through the server's test hook, which the browser
 * tests' server has because it runs with NODE_ENV=test (support/start-server.mjs, decision 019).
 */
async function raiseNotification(page: Page, body: { category?: string; path?: string }) {
  const { data } = await api(page.request, await csrfToken(page), 'POST', '/api/test/notifications', body);
  // The outbox row of its e-mail, null when the user's settings send none; its file is named after it.
  return { outboxId: data['outbox_id'] as number | null };
}

/** The e-mail a notification raised now is sent as; it fails the test when the settings send none. */
async function raiseAndReadMail(page: Page, body: { category?: string; path?: string }) {
  const { outboxId } = await raiseNotification(page, body);
  expect(outboxId, 'an e-mail was queued').not.toBeNull();
  return { outboxId: outboxId ?? 0, mail: await waitForMail(outboxId ?? 0) };
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

test('a new notification raises the bell live; following it from the dropdown marks it read', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  await page.goto('/');
  const me = (await (await page.request.get('/user')).json()) as { data: { id: number } };
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  // The page listens on the user's channel before the event is raised, so it can only arrive live.
  await expectSubscriptions(baseURL, `private-user.${me.data.id}`, 1);

  await raiseNotification(page, { category: 'orders', path: '/account/notifications' });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell).toContainText('1');

  await bell.click();
  const item = page.getByRole('banner').getByRole('link', { name: /Test notification: Orders/ });
  await expect(item).toContainText('Unread');
  const marked = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/notifications\/\d+\/read$/.test(response.url()),
  );
  await item.click();
  await expect(page).toHaveURL('/account/notifications');
  await expect(bell).toHaveAccessibleName('Notifications');
  expect((await marked).status()).toBe(200);

  // The server has it read: the list, loaded afresh, shows it read, and the badge stays at none.
  await page.goto('/notifications');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Test notification: Orders/ })).toBeVisible();
  await expect(main.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
});

test('opening /notifications clears the badge at once in every tab; each stays unread; a newer one raises it again', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page);
  await page.goto('/');
  const me = (await (await page.request.get('/user')).json()) as { data: { id: number } };
  const other = await context.newPage();
  await other.goto('/');
  await expectSubscriptions(baseURL, `private-user.${me.data.id}`, 2);
  await raiseNotification(page, { category: 'orders' });
  await raiseNotification(page, { category: 'listings' });
  const bellOf = (tab: Page) => tab.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bellOf(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(bellOf(other)).toHaveAccessibleName('Notifications, 2 unread');

  const seen = page.waitForResponse((response) => response.url().endsWith('/api/notifications/seen'));
  await page.goto('/notifications');
  expect((await seen).status()).toBe(200);
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  // The other tab hears it through the user's channel, without a reload.
  await expect(bellOf(other)).toHaveAccessibleName('Notifications');
  // Seen is not read: both stay highlighted, each with its own Mark as read.
  const main = page.getByRole('main');
  await expect(main.getByText('Unread', { exact: true })).toHaveCount(2);
  await expect(main.getByRole('button', { name: /^Mark as read: / })).toHaveCount(2);

  // The server keeps the mark: after a reload, and on another page, the badge is still empty.
  await other.reload();
  await page.goto('/');
  await expect(bellOf(other)).toHaveAccessibleName('Notifications');
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  await expectSubscriptions(baseURL, `private-user.${me.data.id}`, 2);

  // One arriving afterwards counts again; opening the bell's list in one tab clears it in both.
  await raiseNotification(page, { category: 'messages' });
  await expect(bellOf(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bellOf(other)).toHaveAccessibleName('Notifications, 1 unread');
  await bellOf(other).click();
  await expect(other.getByRole('banner').getByRole('link', { name: /Test notification: Messages/ })).toContainText(
    'Unread',
  );
  await expect(bellOf(other)).toHaveAccessibleName('Notifications');
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
});

test('e-mail turned off for a category stays off after a reload; account e-mails cannot be turned off', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/account/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification settings');
  const ordersEmail = page.getByRole('switch', { name: 'E-mail for Orders' });
  await expect(ordersEmail).toBeChecked();
  await ordersEmail.click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved.');
  await expect(ordersEmail).not.toBeChecked();

  await page.reload();
  await expect(ordersEmail).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'In the app for Orders' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'E-mail for Account and security' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'E-mail for Account and security' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'E-mail for News and offers' })).not.toBeChecked();
});

test('in Arabic: the bell, its dropdown and both pages right to left, with no axe violations', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await chooseLanguage(context, baseURL, 'ar');
  await signIn(page, { first_name: 'نورة', last_name: 'خليل' });
  await page.goto('/');
  await raiseNotification(page, { category: 'listings' });
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: /^الإشعارات/ })).toHaveAccessibleName(
    'الإشعارات، إشعار واحد غير مقروء',
  );

  await page.goto('/notifications');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الإشعارات');
  const bell = page.getByRole('banner').getByRole('button', { name: /^الإشعارات/ });
  await expect(page.getByRole('main').getByRole('link', { name: 'إشعار تجريبي: إعلاناتي' })).toBeVisible();
  // Opening the list clears the badge; the notification itself stays unread.
  await expect(bell).toHaveAccessibleName('الإشعارات');
  await expect(page.getByRole('main').getByText('غير مقروء', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await bell.click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'عرض كل الإشعارات' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /إشعار تجريبي: إعلاناتي/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(bell).toBeFocused();

  await page.goto('/account/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إعدادات الإشعارات');
  await expect(page.getByRole('switch', { name: 'البريد الإلكتروني لفئة الطلبات' })).toBeChecked();
  await expectNoAxeViolations(page);
});

test('turning off e-mail for a category stops its next e-mail; the other categories still arrive', async ({ page }) => {
  const account = await signIn(page);
  await page.goto('/');
  const first = await raiseAndReadMail(page, { category: 'orders', path: '/account/notifications' });
  expect(first.mail.to).toMatchObject({ value: [{ address: account.email }] });
  expect(first.mail.subject).toBe('Test notification: Orders');

  await page.goto('/account/notifications');
  await page.getByRole('switch', { name: 'E-mail for Orders' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved.');

  const turnedOff = await raiseNotification(page, { category: 'orders' });
  expect(turnedOff.outboxId).toBeNull();
  // The worker is sending (in the outbox's order): an e-mail of a category still on arrives, and
  // nothing more for orders came before it. Other tests' e-mails share the folder, so count this user's.
  const messages = await raiseAndReadMail(page, { category: 'messages' });
  expect(messages.mail.subject).toBe('Test notification: Messages');
  expect((await mailsTo(account.email)).map((mail) => mail.subject)).toEqual([
    'Test notification: Orders',
    'Test notification: Messages',
  ]);
  // In the app, both orders notifications are there: only the e-mail was turned off.
  await page.goto('/notifications');
  await expect(page.getByRole('main').getByRole('link', { name: /Test notification: Orders/ })).toHaveCount(2);
});

test('the unsubscribe link of an Arabic e-mail works signed out and turns off that category only', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await chooseLanguage(context, baseURL, 'ar');
  await signIn(page, { first_name: 'نورة', last_name: 'خليل' });
  await page.goto('/');
  const { mail } = await raiseAndReadMail(page, { category: 'messages' });
  expect(mail.subject).toBe('إشعار تجريبي: الرسائل');
  const postHeader = mail.headerLines.find((line) => line.key === 'list-unsubscribe-post');
  expect(postHeader?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const link = linkInMail(mail, 'إلغاء الاشتراك في هذه الرسائل');

  // Someone reading their mail elsewhere: no session, no cookies.
  const reader = await browser.newContext({ baseURL: baseURL ?? '' });
  const readerPage = await reader.newPage();
  await readerPage.goto(`${link.pathname}${link.search}`);
  await expect(readerPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText('إلغاء الاشتراك');
  await expect(readerPage.getByText('هل تريد إيقاف رسائل «الرسائل»؟', { exact: false })).toBeVisible();
  await readerPage.getByRole('button', { name: 'أوقف هذه الرسائل' }).click();
  await expect(readerPage.getByText('تم: لن نرسل بعد الآن رسائل عن «الرسائل»', { exact: false })).toBeVisible();
  await reader.close();

  await page.goto('/account/notifications');
  await expect(page.getByRole('switch', { name: 'البريد الإلكتروني لفئة الرسائل' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'البريد الإلكتروني لفئة الطلبات' })).toBeChecked();
  expect((await raiseNotification(page, { category: 'messages' })).outboxId).toBeNull();
});

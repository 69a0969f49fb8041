import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { csrfToken, publishPhone } from './support/listings';
import { mailTo } from './support/mail';
import { subscribedTo } from './support/realtime';
import { logIn } from './support/sign-in';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

test.describe.configure({ timeout: 90_000 });

/** A moderator in a browser of their own, their second factor set up. */
async function moderatorAtDesk(page: Page): Promise<void> {
  await signIn(page, { first_name: 'Mona', last_name: 'Staff' });
  await grantStaffRole(page, 'moderator');
  await setUpSecondFactor(page);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

/** The search page for the listing's title (its first answer comes in the page): its card, or no results. */
async function searchFor(page: Page, title: string) {
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  return page.getByRole('main');
}

test('a reported listing is removed from the queue: gone from search, its page says why (410), its seller told in Arabic, its reporter told, the audit log holds it', async ({
  browser,
}) => {
  const [sellerContext, reporterContext, moderatorContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [sellerPage, reporter, moderator] = await Promise.all([
    sellerContext.newPage(),
    reporterContext.newPage(),
    moderatorContext.newPage(),
  ]);
  // Side by side: the seller puts a phone up and reads the marketplace in Arabic from then on (the
  // language switch), a buyer signs in, and a moderator sets up the second factor and opens the
  // queue's listings, listening on the staff channel.
  const [listing] = await Promise.all([
    (async () => {
      const published = await publishPhone(sellerPage, { first_name: 'Samir', last_name: 'Haddad' });
      const switched = await sellerPage.request.put('/api/locale', {
        data: { locale: 'ar' },
        headers: { 'x-csrf-token': await csrfToken(sellerPage), 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(switched.ok()).toBe(true);
      return published;
    })(),
    signIn(reporter, { first_name: 'Omar', last_name: 'Saleh' }),
    (async () => {
      await moderatorAtDesk(moderator);
      const listening = subscribedTo(moderator, 'private-staff');
      await moderator.goto('/admin/moderation');
      await listening;
      const tabs = moderator.getByRole('navigation', { name: 'Reports by type' });
      await tabs.getByRole('link', { name: /^Listings/ }).click();
      await expect(tabs.getByRole('link', { name: /^Listings/ })).toHaveAttribute('aria-current', 'page');
    })(),
  ]);
  const listingPath = `/items/${listing.id}/${listing.slug}`;
  // Search finds it before (its answer, as the search page asks it).
  const found = (await (await reporter.request.get(`/api/search?q=${encodeURIComponent(listing.title)}`)).json()) as {
    data: { id: number }[];
  };
  expect(found.data.map((card) => card.id)).toContain(listing.id);

  // The buyer reports it from its page.
  await reporter.goto(listingPath);
  const main = reporter.getByRole('main');
  await main.getByRole('button', { name: 'Report' }).click();
  const form = main.getByRole('form', { name: 'Report this listing' });
  await form.getByRole('radio', { name: 'It looks like a scam' }).check();
  await form.getByRole('textbox', { name: 'Details' }).fill('Asks for a deposit <b>before</b> any viewing.');
  const sent = reporter.waitForResponse((response) => response.url().endsWith(`/api/listings/${listing.id}/report`));
  await form.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).status()).toBe(201);

  // It comes into the moderator's open queue without a reload; they open it and remove it with a reason.
  const row = moderator
    .getByRole('list', { name: 'Reported targets' })
    .getByRole('listitem')
    .filter({ has: moderator.getByRole('link', { name: listing.title }) });
  await expect(row).toContainText('1 open report');
  await expect(row).toContainText('Owner: Samir Haddad');
  await expect(row).toContainText('It looks like a scam');
  await row.getByRole('link', { name: listing.title }).click();
  await expect(moderator.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(moderator.getByRole('list', { name: 'Reports' })).toContainText(
    'Asks for a deposit <b>before</b> any viewing.',
  );
  const act = moderator.getByRole('form', { name: 'Act' });
  await act.getByRole('radio', { name: 'Remove the listing' }).check();
  await act.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'a scam' });
  await act.getByRole('textbox', { name: 'Note for staff (optional)' }).fill('Same photos as a known scam.');
  await act.getByRole('button', { name: 'Remove the listing' }).click();
  const confirm = act.getByRole('alertdialog', { name: `Remove “${listing.title}”?` });
  const acted = moderator.waitForResponse((response) => response.url().endsWith('/actions'));
  await confirm.getByRole('button', { name: 'Remove the listing' }).click();
  expect((await acted).status()).toBe(200);
  await expect(moderator.getByRole('status').filter({ hasText: 'The listing was removed.' })).toBeVisible();
  await expect(moderator.getByRole('region', { name: 'What was reported' })).toContainText(
    'removed by a moderator: a scam',
  );
  await expect(moderator.getByRole('list', { name: 'History' })).toContainText('Mona Staff: Removed a listing');

  await Promise.all([
    (async () => {
      // Gone from search; its page answers 410 and says the moderators removed it; the reporter is told.
      await expect(
        (await searchFor(reporter, listing.title)).getByText('No listings match this search.'),
      ).toBeVisible();
      const gone = await reporter.goto(listingPath);
      expect(gone?.status()).toBe(410);
      await expect(
        reporter.getByRole('heading', { level: 1, name: 'This listing was removed by our moderators' }),
      ).toBeVisible();
      await reporter.goto('/notifications');
      await expect(
        reporter.getByRole('main').getByRole('link', { name: `Your report of “${listing.title}”` }),
      ).toBeVisible();
      await expect(reporter.getByRole('main')).toContainText('We removed it. Thank you for telling us.');
    })(),
    (async () => {
      // The seller has the notification, in Arabic, on the bell and as an e-mail.
      // The bell's badge counts it on any page; opening /notifications clears the badge (issue 32).
      await sellerPage.goto('/');
      await expect(sellerPage.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(
        sellerPage.getByRole('banner').getByRole('button', { name: 'الإشعارات، إشعار واحد غير مقروء' }),
      ).toBeVisible();
      await sellerPage.goto('/notifications');
      await expect(
        sellerPage.getByRole('main').getByRole('link', { name: `أزلنا إعلانك «${listing.title}»` }),
      ).toBeVisible();
      await expect(sellerPage.getByRole('main')).toContainText('أُزيل بسبب احتيال');
      // The title is isolated in the subject (FSI … PDI), so a Latin title keeps «» on their sides.
      const mail = await mailTo(listing.sellerEmail, `أزلنا إعلانك «\u2068${listing.title}\u2069»`);
      expect(mail.text).toContain('أُزيل بسبب احتيال');
    })(),
    (async () => {
      // The audit log shows the action, who took it and why.
      const log = moderator.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/audit');
      await moderator.goto('/admin/audit');
      expect((await log).status()).toBe(200);
      const entry = moderator.getByRole('row').filter({ hasText: `Listing #${listing.id}` });
      await expect(entry).toContainText('Removed a listing');
      await expect(entry).toContainText('Mona Staff');
      await expect(entry).toContainText('a scam');
    })(),
  ]);

  await Promise.all([sellerContext.close(), reporterContext.close(), moderatorContext.close()]);
});

test('suspending someone signed in elsewhere signs their page out, and logging in again says why and until when', async ({
  browser,
}) => {
  const [personContext, reporterContext, moderatorContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [person, reporter, moderator] = await Promise.all([
    personContext.newPage(),
    reporterContext.newPage(),
    moderatorContext.newPage(),
  ]);
  // Side by side: the person signs in and has a page open (listening on their channel, which their
  // session signed), someone else signs in, and a moderator sets up the second factor.
  const [account] = await Promise.all([
    (async () => {
      const signedIn = await signIn(person, { first_name: 'Karim', last_name: 'Nasser' });
      const listening = subscribedTo(person, 'private-user.');
      await person.goto('/account/password');
      await listening;
      await expect(person.getByTestId('signed-in-user')).toBeVisible();
      return signedIn;
    })(),
    signIn(reporter, { first_name: 'Huda', last_name: 'Saleh' }),
    moderatorAtDesk(moderator),
  ]);
  const personId = ((await (await person.request.get('/user')).json()) as { data: { id: number } }).data.id;

  // Someone reports them from their page.
  await reporter.goto(`/users/${personId}`);
  await reporter.getByRole('main').getByRole('button', { name: 'Report' }).click();
  const form = reporter.getByRole('form', { name: 'Report this person' });
  await form.getByRole('radio', { name: 'Harassment or threats' }).check();
  const sent = reporter.waitForResponse((response) => response.url().endsWith(`/api/users/${personId}/report`));
  await form.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).status()).toBe(201);
  await reporterContext.close();

  // A moderator suspends them for a week.
  await moderator.goto(`/admin/moderation/user/${personId}`);
  await expect(moderator.getByRole('list', { name: 'Reports' })).toContainText('Harassment or threats');
  const act = moderator.getByRole('form', { name: 'Act' });
  await act.getByRole('radio', { name: 'Suspend the owner' }).check();
  await act.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'harassment' });
  await act.getByRole('combobox', { name: 'For how long' }).selectOption({ label: '7 days' });
  await act.getByRole('button', { name: 'Suspend the owner' }).click();
  const acted = moderator.waitForResponse((response) => response.url().endsWith('/actions'));
  await act
    .getByRole('alertdialog', { name: 'Suspend Karim Nasser?' })
    .getByRole('button', { name: 'Suspend the owner' })
    .click();
  expect((await acted).status()).toBe(200);
  await expect(moderator.getByRole('status').filter({ hasText: 'The owner was suspended.' })).toBeVisible();
  await expect(moderator.getByRole('region', { name: 'What was reported' })).toContainText('Suspended until');
  await moderatorContext.close();

  // Their open page is signed out, and the login page says why and until when.
  await expect(person.getByTestId('signed-in-user')).toHaveCount(0);
  await expect(person).toHaveURL(/\/login\?redirect=/);
  await logIn(person, account);
  const until = new Intl.DateTimeFormat('en-AE', { dateStyle: 'long' }).format(Date.now() + 7 * 24 * 3600 * 1000);
  await expect(person.getByRole('alert')).toHaveText(`This account is suspended until ${until}, for harassment.`);
  await expect(person.getByTestId('signed-in-user')).toHaveCount(0);
  await personContext.close();
});

test('in Arabic on a 375 px phone: the queue and a target read right to left, fit the screen, pass axe, and act from the keyboard', async ({
  browser,
}) => {
  const [moderatorContext, personContext] = await Promise.all([
    browser.newContext({ viewport: { width: 375, height: 740 } }),
    browser.newContext(),
  ]);
  const [moderator, person] = await Promise.all([moderatorContext.newPage(), personContext.newPage()]);
  // Someone reported through the API (the form has its own test above); the moderator switches to Arabic.
  const [, personId] = await Promise.all([
    (async () => {
      await moderatorAtDesk(moderator);
      const switched = await moderator.request.put('/api/locale', {
        data: { locale: 'ar' },
        headers: { 'x-csrf-token': await csrfToken(moderator), 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(switched.ok()).toBe(true);
    })(),
    (async () => {
      await signIn(person, { first_name: 'Rami', last_name: 'Khoury' });
      const id = ((await (await person.request.get('/user')).json()) as { data: { id: number } }).data.id;
      const reporter = await personContext.browser()?.newContext();
      const reporterPage = await reporter?.newPage();
      if (!reporter || !reporterPage) throw new Error('no second browser context');
      await signIn(reporterPage, { first_name: 'Salma', last_name: 'Aziz' });
      const html = await (await reporterPage.request.get('/login', { headers: { accept: 'text/html' } })).text();
      const reported = await reporterPage.request.post(`/api/users/${id}/report`, {
        data: { reason: 'spam', details: 'Sends the same offer to everyone.' },
        headers: {
          'x-csrf-token': /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '',
          'x-requested-with': 'XMLHttpRequest',
        },
      });
      expect(reported.status()).toBe(201);
      await reporter.close();
      return id;
    })(),
  ]);

  // Against the width set: a phone's layout viewport widens to its content.
  const fitsTheScreen = async () =>
    expect(await moderator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await moderator.goto('/admin/moderation?type=user');
  await expect(moderator.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(moderator.getByRole('heading', { level: 1, name: 'الإشراف' })).toBeVisible();
  const row = moderator
    .getByRole('list', { name: 'ما أُبلغ عنه' })
    .getByRole('listitem')
    // Tests side by side share the server: this person's row by its address, not by a name others may share.
    .filter({ has: moderator.locator(`a[href="/admin/moderation/user/${personId}"]`) });
  await expect(row).toContainText('بلاغ مفتوح واحد');
  await fitsTheScreen();
  await expectNoAxeViolations(moderator);

  await expect(row.getByRole('link')).toHaveText('Rami Khoury');
  await row.getByRole('link').click();
  await expect(moderator).toHaveURL(`/admin/moderation/user/${personId}`);
  await expect(moderator.getByRole('list', { name: 'البلاغات' })).toContainText('Sends the same offer to everyone.');
  const act = moderator.getByRole('form', { name: 'اتخاذ إجراء' });
  await act.getByRole('radio', { name: 'تعليق حساب المالك' }).check();
  await act.getByRole('combobox', { name: 'السبب' }).selectOption('spam');
  await expect(act.getByRole('combobox', { name: 'المدة' })).toBeVisible();
  await fitsTheScreen();
  await expectNoAxeViolations(moderator);

  // From the keyboard: the button asks first, its question starts on Cancel, and Escape takes it back.
  await act.getByRole('button', { name: 'تعليق حساب المالك' }).focus();
  await moderator.keyboard.press('Enter');
  const confirm = act.getByRole('alertdialog', { name: 'تعليق حساب Rami Khoury؟' });
  await expect(confirm.getByRole('button', { name: 'إلغاء' })).toBeFocused();
  await moderator.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(act.getByRole('button', { name: 'تعليق حساب المالك' })).toBeVisible();

  await Promise.all([moderatorContext.close(), personContext.close()]);
});

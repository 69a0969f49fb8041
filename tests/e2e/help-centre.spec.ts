import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

// The staff test sets up a second factor first, as admin-moderation.spec.ts does.
test.describe.configure({ timeout: 90_000 });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

/** Nothing wider than the screen set (a phone's layout viewport widens to its content). */
const fitsTheScreen = async (page: Page) => {
  const width = page.viewportSize()?.width ?? 0;
  return page.evaluate((screenWidth) => document.documentElement.scrollWidth <= screenWidth, width);
};

test('a visitor finds an answer by searching the FAQ in Arabic, with a typo, and is offered support when it did not help', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'كيف يمكننا مساعدتك؟' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'العروض والطلبات' })).toBeVisible();

  const search = page.getByRole('search', { name: 'ابحث في مركز المساعدة' });
  await search.getByRole('searchbox', { name: 'ابحث في مركز المساعدة' }).fill('الاحتيل');
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/help/search');
  await search.getByRole('button', { name: 'بحث' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page).toHaveURL(/\/help\?q=/);
  await expect(page.getByText('نعرض الإجابات عن «الاحتيال»')).toBeVisible();
  const results = page.getByRole('region', { name: 'إجابات عن «الاحتيل»' });
  await results.getByRole('link', { name: 'كيف أكتشف الاحتيال؟' }).click();

  await expect(page).toHaveURL(/\/help\/how-do-i-spot-a-scam$/);
  await expect(page.getByRole('heading', { level: 1, name: 'كيف أكتشف الاحتيال؟' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'نصائح الأمان' })).toHaveAttribute('href', '/safety');
  await page.getByRole('button', { name: 'لا' }).click();
  await expect(page.getByRole('button', { name: 'لا' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'ما زلت تحتاج إلى مساعدة؟ تواصل معنا' }).last()).toHaveAttribute(
    'href',
    '/support',
  );
  await context.close();
});

test('the help centre’s pages pass axe and fit a phone, in both languages', async ({ browser, baseURL }) => {
  for (const language of ['en', 'ar'] as const) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const context = await browser.newContext({ viewport });
      await chooseLanguage(context, baseURL, language);
      const page = await context.newPage();
      for (const path of [
        '/help',
        '/help?q=offer',
        '/help/what-does-each-order-state-mean',
        '/safety',
        '/terms',
        '/privacy',
        '/about',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(
          page.getByRole('contentinfo').getByRole('link', { name: language === 'en' ? 'Help' : 'المساعدة' }),
        ).toBeVisible();
        expect(await fitsTheScreen(page), `${path} at ${viewport.width} px in ${language}`).toBe(true);
        await expectNoAxeViolations(page);
      }
      await context.close();
    }
  }
});

test('support staff edit the terms, and the public page shows the new version with its date', async ({ browser }) => {
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signIn(desk, { first_name: 'Sara', last_name: 'Support' });
  await grantStaffRole(desk, 'support');
  await setUpSecondFactor(desk);

  // The section is in the desk's bar for support; the pages are a link away from the questions.
  await desk.goto('/admin');
  await desk
    .getByRole('navigation', { name: 'Back-office sections' })
    .getByRole('link', { name: 'Help centre' })
    .click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Help centre: questions' })).toBeVisible();
  await expect(desk.getByRole('heading', { name: '3. Offers and orders' })).toBeVisible();
  await desk.getByRole('link', { name: 'Edit the pages (safety, terms, privacy, about)' }).click();
  const loaded = desk.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/help/pages/terms');
  await desk
    .getByRole('region', { name: 'Help centre: pages' })
    .getByRole('link', { name: 'Terms', exact: true })
    .click();
  expect((await loaded).status()).toBe(200);
  const sentence = `Listings renew every 30 days (${Date.now()}).`;
  const body = desk.getByRole('textbox', { name: /text in English/ });
  await body.fill(`${await body.inputValue()}\n\n## Renewals\n${sentence}`);
  await desk.getByRole('button', { name: 'Preview in English' }).click();
  await expect(desk.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Renewals' })).toBeVisible();
  await desk.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByText(/^Version \d+ saved: the site shows it now\.$/)).toBeVisible();
  await expect(
    desk
      .getByRole('region', { name: 'Versions' })
      .getByText(/by Sara Support/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(desk);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/terms');
  await expect(visitor.getByRole('heading', { level: 2, name: 'Renewals' })).toBeVisible();
  await expect(visitor.getByText(sentence)).toBeVisible();
  const today = new Intl.DateTimeFormat('en-AE', { dateStyle: 'medium' }).format(new Date());
  await expect(visitor.getByTestId('last-changed')).toHaveText(`Last changed ${today}`);
  await visitorContext.close();
  await deskContext.close();
});

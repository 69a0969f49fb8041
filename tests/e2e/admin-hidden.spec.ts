import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import { signIn } from './support/accounts';
import { E2E_DIR } from './support/e2e-folders';
import { chooseLanguage } from './support/languages';
import { grantStaffRole, totp } from './support/staff';

/**
 * The back-office stays hidden (issue 29, docs/decisions/030): a visitor's and an ordinary user's
 * pages download not a byte that names it, and /admin is the site's not-found page; a staff member's
 * first visit sets up the second factor and reaches the back-office, in English and in Arabic, on a
 * phone's width too.
 */

// Each test signs in, and most set up a second factor and open several screens.
test.describe.configure({ timeout: 60_000 });

const WEB_DIR = path.join(E2E_DIR, 'web');
const catalogue = (locale: 'en' | 'ar') =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../../packages/contracts/src/i18n/messages/${locale}.json`),
      'utf8',
    ),
  ) as Record<string, string>;

/** A message of the catalogue, as the page words it (these carry no placeholders). */
type Words = (key: string) => string;
const wordsOf =
  (locale: 'en' | 'ar'): Words =>
  (key) => {
    const text = catalogue(locale)[key];
    if (text === undefined) throw new Error(`no message ${key}`);
    return text;
  };

/**
 * The build's back-office files, found by their source maps: every script chunk holding a module of
 * features/admin, and the style sheets named as those chunks are. `entry` is the one chunk the site's
 * own script names (its lazy import, docs/decisions/030): a hashed file name, never fetched but by staff.
 */
function backOfficeFiles(): { files: string[]; entry: string } {
  const chunks = path.join(WEB_DIR, 'js/chunks');
  const scripts = fs.readdirSync(chunks).filter((file) => {
    const mapFile = path.join(chunks, `${file}.map`);
    // A chunk without a map is the bundler's own (its preload helper).
    if (!file.endsWith('.js') || !fs.existsSync(mapFile)) return false;
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.some((source) => source.includes('/src/features/admin/'));
  });
  const names = new Set(scripts.map((file) => file.replace(/-[\w-]{8}\.js$/, '')));
  const styles = fs
    .readdirSync(path.join(WEB_DIR, 'assets'))
    .filter((file) => file.endsWith('.css') && names.has(file.replace(/-[\w-]{8}\.css$/, '')));
  const entry = scripts.find((file) => file.startsWith('entry-'));
  if (!entry || scripts.length < 5) throw new Error(`the back-office's chunks were not found in ${chunks}`);
  return { files: [...scripts, ...styles], entry };
}

/** Every response `page` receives from now on, with its body as text (redirects have none). */
function recordResponses(page: Page) {
  const seen: Promise<{ response: Response; body: string }>[] = [];
  page.on('response', (response) => {
    seen.push(
      response
        .body()
        .then((bytes) => bytes.toString('utf8'))
        .catch(() => '')
        .then((body) => ({ response, body })),
    );
  });
  return () => Promise.all(seen);
}

/** The newest demo listing's page (the test server seeds the demo catalogue). */
async function productPath(page: Page): Promise<string> {
  const answer = (await (await page.request.get('/api/listings?limit=1')).json()) as {
    data: { id: number; slug: string }[];
  };
  const [listing] = answer.data;
  if (!listing) throw new Error('no listing to visit');
  return `/items/${listing.id}/${listing.slug}`;
}

/** Read from the build the server serves once it is built (not when the file is loaded). */
let backOffice: ReturnType<typeof backOfficeFiles> | undefined;
const adminKeys = Object.keys(catalogue('en')).filter((key) => key.startsWith('admin.'));

/** What in `body`, received from `url`, names the back-office. */
function namesOfBackOffice(url: string, body: string, document: boolean): string[] {
  backOffice ??= backOfficeFiles();
  const { files, entry } = backOffice;
  const found = files.filter((file) => url.endsWith(`/${file}`)).map((file) => `is the back-office's ${file}`);
  for (const word of ['/admin', 'staff-area', ...(document ? ['staffArea'] : [])]) {
    if (body.includes(word)) found.push(`holds ${word}`);
  }
  for (const file of files) {
    // The site's own script names the lazy import's file, and no other: docs/decisions/030.
    if (file === entry && /\/js\/index-[\w-]+\.js$/.test(url)) continue;
    if (body.includes(file)) found.push(`names ${file}`);
  }
  const keys = adminKeys.filter((key) => body.includes(key));
  if (keys.length > 0) found.push(`holds ${keys.length} back-office messages (${keys.slice(0, 3).join(', ')})`);
  return found;
}

for (const who of ['a visitor', 'a signed-in user'] as const) {
  test(`${who} downloads no byte naming the back-office, and /admin is the not-found page (404)`, async ({ page }) => {
    expect(adminKeys.length).toBeGreaterThan(50);
    if (who === 'a signed-in user') await signIn(page);
    const responses = recordResponses(page);
    // The help centre's public pages too: their code reads the FAQ, never its editors' (issue 30).
    for (const address of [
      '/',
      await productPath(page),
      '/login',
      '/profile',
      '/help?q=offer',
      '/help/how-do-i-pay',
      '/terms',
    ]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    const admin = await page.goto('/admin');
    expect(admin?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // From a page of the site too, the address is nowhere.
    await page.goto('/');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    const received = await responses();
    expect(received.length).toBeGreaterThan(10);
    expect(received.some(({ response }) => /\/js\/index-[\w-]+\.js$/.test(response.url()))).toBe(true);
    const leaks = received.flatMap(({ response, body }) =>
      namesOfBackOffice(response.url(), body, response.request().resourceType() === 'document').map(
        (what) => `${response.url()} ${what}`,
      ),
    );
    expect(leaks).toEqual([]);
  });
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

/** A new staff member's first visit: the set-up screen's key into "the app", its code, the recovery codes. */
async function firstVisit(page: Page, words: Words) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: words('admin.secondFactor.setupTitle') })).toBeVisible();
  await expect(page.getByRole('img', { name: words('admin.secondFactor.qrAlt') })).toBeVisible();
  const key = (await page.locator('.staff-secret code').textContent()) ?? '';
  expect(key.replaceAll(' ', '')).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('textbox', { name: words('admin.secondFactor.firstCode') }).fill(totp(key));
  await page.getByRole('button', { name: words('admin.secondFactor.confirm') }).click();
  const codes = page.getByRole('list', { name: words('admin.secondFactor.codesTitle') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(codes.getByRole('listitem').first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const onward = page.getByRole('button', { name: words('admin.secondFactor.continue') });
  await expect(onward).toBeDisabled();
  await page.getByRole('checkbox', { name: words('admin.secondFactor.codesSaved') }).check();
  await onward.click();
  await expect(page.getByRole('heading', { level: 1, name: words('admin.dashboard.title') })).toBeVisible();
}

test('a staff member sets up the second factor on the first visit and reaches the back-office, its log and its staff', async ({
  page,
}) => {
  const words = wordsOf('en');
  await signIn(page, { first_name: 'Aisha', last_name: 'Admin' });
  await grantStaffRole(page, 'admin');
  const responses = recordResponses(page);
  await firstVisit(page, words);
  // What a staff member downloads is what the visitors' check looks for: it would see a leak.
  const seen = (await responses()).flatMap(({ response, body }) =>
    namesOfBackOffice(response.url(), body, response.request().resourceType() === 'document'),
  );
  expect(seen).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^is the back-office's staff-desk-/),
      expect.stringMatching(/^holds \d+ back-office messages/),
      'holds staffArea',
    ]),
  );
  const nav = page.getByRole('navigation', { name: 'Back-office sections' });
  for (const section of ['Dashboard', 'Moderation', 'Users', 'Listings', 'Categories', 'Audit log', 'Staff']) {
    await expect(nav.getByRole('link', { name: section })).toBeVisible();
  }

  // The audit log holds the set-up just done, by this member.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Search notes and names').fill('Aisha Admin');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?q=Aisha\+Admin$/);
  const row = page.getByRole('table', { name: 'Staff actions' }).getByRole('row').nth(1);
  await expect(row).toContainText('Set up their second factor');
  await expect(row.getByRole('link', { name: 'Aisha Admin' })).toBeVisible();
  await expect(row).toContainText('127.0.0.1');
  await expectNoAxeViolations(page);

  // The staff screen lists this member as admin, second factor set up.
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const me = page
    .getByRole('table', { name: 'Staff members' })
    .getByRole('row')
    .filter({ has: page.getByText('you', { exact: true }) });
  await expect(me).toContainText('Aisha Admin');
  await expect(me.getByRole('combobox', { name: 'Role of Aisha Admin' })).toHaveValue('admin');
  await expect(me).toContainText('Set up');
  await expectNoAxeViolations(page);
});

test('in Arabic on a 375 px phone: right to left, in Arabic, the sections scroll inside their bar, the page never sideways', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  const words = wordsOf('ar');
  await signIn(page, { first_name: 'Huda', last_name: 'Nasser' });
  await grantStaffRole(page, 'admin');
  await firstVisit(page, words);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const nav = page.getByRole('navigation', { name: words('admin.nav.label') });
  await expect(nav.getByRole('link', { name: words('admin.nav.audit') })).toBeAttached();

  // Against the width set, not innerWidth: a phone's layout viewport widens to its content.
  const fits = async () => ({
    page: await page.evaluate(() => document.documentElement.scrollWidth),
    viewport: page.viewportSize()?.width ?? 0,
  });
  const links = nav.locator('.staff-nav-links');
  const bar = await links.evaluate((element) => ({
    overflow: getComputedStyle(element).overflowX,
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(bar.overflow).toBe('auto');
  expect(bar.scrollWidth).toBeGreaterThan(bar.clientWidth);
  let width = await fits();
  expect(width.page).toBeLessThanOrEqual(width.viewport);

  // The log's wide table scrolls inside the screen, not the page.
  await nav.getByRole('link', { name: words('admin.nav.audit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: words('admin.audit.title') })).toBeVisible();
  await expect(page.getByRole('table', { name: words('admin.audit.rowsLabel') })).toBeVisible();
  width = await fits();
  expect(width.page).toBeLessThanOrEqual(width.viewport);
  await context.close();
});

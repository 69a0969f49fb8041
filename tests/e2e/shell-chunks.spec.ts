import { expect, test, type Page } from '@playwright/test';
import { E2E_CHUNK_TIMEOUT_MS } from './support/e2e-build';

/** The address of a lazily loaded chunk, from the table the build writes into the page. */
async function chunkAddress(page: Page, chunk: string): Promise<string> {
  const json = await page.locator('#chunk-addresses').textContent();
  const path = (JSON.parse(json ?? '{}') as Record<string, string | undefined>)[chunk];
  if (!path) throw new Error(`the build recorded no chunk named ${chunk}`);
  return new URL(path, page.url()).href;
}

const chunkError = (page: Page) => page.getByRole('alert').filter({ hasText: 'Loading chunk' });

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a chunk blocked by the network shows what failed, and Retry loads it', async ({ page }) => {
  const address = await chunkAddress(page, 'login-page');
  await page.route(address, (route) => route.abort('internetdisconnected'));

  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page.getByRole('heading', { name: 'This part of the site could not be loaded' })).toBeVisible();
  await expect(chunkError(page)).toContainText(`Loading chunk login-page failed. (error: ${address})`);
  await expect(page.getByRole('banner')).toBeVisible();

  await page.unroute(address);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(chunkError(page)).toHaveCount(0);
});

test('a chunk that answers only after the time-out is reported as a time-out', async ({ page }) => {
  test.setTimeout(E2E_CHUNK_TIMEOUT_MS + 30_000);
  const address = await chunkAddress(page, 'register-page');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });

  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(chunkError(page)).toContainText(`Loading chunk register-page failed. (timeout: ${address})`, {
    timeout: E2E_CHUNK_TIMEOUT_MS + 15_000,
  });
  release();
});

test('a chunk removed by a new deployment reloads the page once, which then works', async ({ page }) => {
  const address = await chunkAddress(page, 'login-page');
  let deployed = false;
  await page.route(address, (route) => (deployed ? route.continue() : route.fulfill({ status: 404 })));
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/login') deployed = true;
  });

  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(deployed).toBe(true);
});

test('a chunk still missing after that one reload says so instead of reloading again', async ({ page }) => {
  const address = await chunkAddress(page, 'login-page');
  await page.route(address, (route) => route.fulfill({ status: 404 }));
  const reloads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) reloads.push(new URL(request.url()).pathname);
  });

  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(chunkError(page)).toContainText(`Loading chunk login-page failed. (missing: ${address})`);
  // The page showing the error is the reloaded one…
  expect(
    await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type),
  ).toBe('reload');
  // …and the reload's request was the only navigation (its event may reach the test after the page drew the error).
  await expect.poll(() => reloads).toEqual(['/login']);
});

test('a first visit downloads the shell’s strings and its page’s only; /login no catalogue, search or chat code', async ({
  browser,
  baseURL,
}) => {
  for (const [path, heading, own] of [
    ['/', 'Buy and sell with people and companies near you', 'home-page'],
    ['/login', 'Log in', 'login-page'],
  ] as const) {
    const context = await browser.newContext(baseURL ? { baseURL } : {});
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Decision 042: the shell's strings and this page's own, not the server's words nor another page's.
    const strings = scripts.flatMap((script) => /\/messages-en(-[a-z-]+)?-[\w-]{8}\.js$/.exec(script)?.[1] ?? []);
    expect(scripts.filter((script) => /\/messages-/.test(script))).toHaveLength(2);
    expect(strings).toEqual([`-${own}`]);
    if (path === '/login') {
      const names = scripts.map((script) => script.replace(/^.*\//, ''));
      expect(names.filter((name) => /^(search|listing|catalogue|category|chat|messages-page|home)/.test(name))).toEqual(
        [],
      );
    }
    await context.close();
  }
});

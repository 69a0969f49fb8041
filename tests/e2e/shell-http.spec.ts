import { expect, test } from '@playwright/test';
import { demoUser, e2eHooks, logIn } from './support/sign-in';

const csrfMeta = 'meta[name="csrf-token"]';

test('every API call says it comes from a script and carries the CSRF token the server checks', async ({ page }) => {
  const probe = page.waitForRequest((request) => new URL(request.url()).pathname === '/user');
  await page.goto('/login');
  const pageToken = await page.locator(csrfMeta).getAttribute('content');
  expect(pageToken).toBeTruthy();
  // The page says who is signed in, so nothing on /login asks the API before the form is sent:
  // ask through the app's HTTP client as any page does.
  await e2eHooks(page);
  await page.evaluate(() => window.marketplaceE2E?.get('/user').catch(() => 401));
  const probeHeaders = await (await probe).allHeaders();
  expect(probeHeaders['x-requested-with']).toBe('XMLHttpRequest');
  expect(probeHeaders['x-csrf-token']).toBe(pageToken);

  // The server answers 419 to a POST without the session's token: a successful login shows it read the header.
  const loginRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/login');
  const loginResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
  await logIn(page);
  const loginHeaders = await (await loginRequest).allHeaders();
  expect(loginHeaders['x-requested-with']).toBe('XMLHttpRequest');
  expect(loginHeaders['x-csrf-token']).toBe(pageToken);
  expect((await loginResponse).status()).toBe(200);
  await expect(page.getByTestId('signed-in-user')).toHaveText(demoUser.name);

  // Login rotates the token, and the server refuses a request that carries any other.
  const rotated = await page.locator(csrfMeta).getAttribute('content');
  expect(rotated).not.toBe(pageToken);
  const forged = await page.evaluate(
    async () =>
      (
        await fetch('/logout', {
          method: 'POST',
          headers: { 'X-CSRF-TOKEN': 'forged-token', 'X-Requested-With': 'XMLHttpRequest' },
        })
      ).status,
  );
  expect(forged).toBe(419);
  // Once the page's real-time subscription is signed, nothing else posts before the logout below.
  const subscribed = page.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth');
  await page.reload();
  await expect(page.getByTestId('signed-in-user')).toHaveText(demoUser.name);
  expect((await subscribed).status()).toBe(200);

  // The app's own client, whose copy went stale, takes the current token from the refusal and retries once.
  await page.locator(csrfMeta).evaluate((meta) => meta.setAttribute('content', 'stale-token'));
  const logoutStatuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/logout') logoutStatuses.push(response.status());
  });
  await page.getByRole('button', { name: `Account menu for ${demoUser.name}` }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(logoutStatuses).toEqual([419, 204]);
});

test('a 401 from a page deep in the site sends the user to log in, then back to that page', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page.getByTestId('signed-in-user')).toBeVisible();

  const deepPage = '/no/such/page?tab=address#city';
  await page.goto(deepPage);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await e2eHooks(page);

  // The session ends (expired, or logged out elsewhere); the next call the page makes answers 401.
  await context.clearCookies();
  // Not awaited in the page: the answer sends it elsewhere, which may end this evaluation first,
  // and on a busy machine the navigation can even end it before it returns (CI, 2026-11-24).
  await page
    .evaluate(() => {
      void window.marketplaceE2E?.get('/user').catch(() => undefined);
    })
    .catch((error: unknown) => {
      if (!String(error).includes('Execution context was destroyed')) throw error;
    });
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(deepPage)}`);

  await logIn(page);
  await expect(page).toHaveURL(deepPage);
  await expect(page.getByTestId('signed-in-user')).toHaveText(demoUser.name);
});

import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { demoUser, logIn } from './support/sign-in';

const uniqueEmail = () => `e2e.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

test('a visitor registers, logs out, logs back in and is recognised by /user', async ({ page }) => {
  const email = uniqueEmail();
  const password = 'a long pass phrase';

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL('/register');
  await page.getByLabel('First name').fill('Noura');
  await page.getByLabel('Last name').fill('Khalil');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/');
  // A new account is welcomed, not welcomed back.
  await expect(page.getByRole('heading', { name: 'Welcome, Noura', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Noura', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu for Noura Khalil' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  // Nothing of the signed-out user stays on the page.
  await expect(page.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);
  await expect(page.getByText(email)).toHaveCount(0);
  const afterLogout = await page.request.get('/user', { headers: { accept: 'application/json' } });
  expect(afterLogout.status()).toBe(401);

  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in-user')).toHaveText('Noura Khalil');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Noura', exact: true })).toBeVisible();

  const me = await page.request.get('/user', { headers: { accept: 'application/json' } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ data: { email, first_name: 'Noura', account_type: 'individual' } });
});

test('a company registers with its company name', async ({ page }) => {
  await page.goto('/register');
  await page.getByText('Company', { exact: true }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The company name field is required when account type is company.')).toBeVisible();

  await page.getByLabel('Company name').fill('Desert Rose Trading');
  await page.getByLabel('First name').fill('Karim');
  await page.getByLabel('Last name').fill('Nasser');
  await page.getByLabel('E-mail address').fill(uniqueEmail());
  await page.getByLabel(/^Password/).fill('another pass phrase');
  await page.getByLabel('Confirm password').fill('another pass phrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('for Desert Rose Trading')).toBeVisible();
});

test('wrong credentials show the message under the e-mail field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('layla@example.com');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const email = page.getByLabel('E-mail address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

test('the demo accounts printed at start-up work', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('omar@palmtrading.example');
  await page.getByLabel('Password').fill('demo-password-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('for Palm Trading LLC')).toBeVisible();
});

test('login returns to a page on this site, never to another site', async ({ page }) => {
  // `/.//host` is a path as written and `//host`, another site, once a URL parser has normalised it.
  await page.goto(`/login?redirect=${encodeURIComponent('/.//evil.example/steal')}`);
  await logIn(page, demoUser);
  await expect(page.getByTestId('signed-in-user')).toHaveText(demoUser.name);
  await expect(page).toHaveURL('/');

  // Signed in already, the login page sends the visitor on at once, through the same check.
  for (const payload of ['//evil.example/steal', '/.//evil.example/steal', '/%2F%2Fevil.example', '/\\evil.example']) {
    await page.goto(`/login?redirect=${encodeURIComponent(payload)}`);
    await expect(page, payload).toHaveURL('/');
  }
});

test('unknown addresses show a 404 page with a way back', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('a logout in one tab signs the other tabs of the browser out at once; a login signs them in', async ({
  context,
}) => {
  const [first, second] = [await context.newPage(), await context.newPage()];
  await signIn(first, { first_name: 'Karim', last_name: 'Nasser' });
  await second.goto('/profile');
  await expect(second.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Karim');

  await first.goto('/');
  await first.getByRole('button', { name: 'Account menu for Karim Nasser' }).click();
  await first.getByRole('button', { name: 'Log out' }).click();

  // No reload and no request of its own: the other tab leaves the profile for the login page.
  await expect(second).toHaveURL(`/login?redirect=${encodeURIComponent('/profile')}`);
  await expect(second.getByText('Karim')).toHaveCount(0);

  await first.goto('/login');
  await logIn(first, demoUser);
  await expect(first.getByTestId('signed-in-user')).toHaveText(demoUser.name);
  // Signed in there, this tab's login page takes the user back to where they were.
  await expect(second).toHaveURL('/profile');
  await expect(second.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Layla');
});

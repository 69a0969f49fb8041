import type { Page } from '@playwright/test';
import { newestLinkTo } from './mail';

export interface TestAccount {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  account_type: 'individual' | 'company';
  company_name?: string;
}

let counter = 0;

export interface SignUpOptions {
  /**
   * Whether the address is verified with the link from the e-mail registration sends (default: yes,
   * as publishing and ordering need it); false for tests of the unverified path.
   */
  verified?: boolean;
}

/** A new account's details: a unique address, the usual password and name, and `overrides`. */
function newAccount(overrides: Partial<TestAccount>): TestAccount {
  counter += 1;
  return {
    email: `e2e.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`,
    password: 'a long pass phrase',
    first_name: 'Noura',
    last_name: 'Khalil',
    account_type: 'individual',
    ...overrides,
  };
}

/**
 * Signs `page`'s browser context in as a new account (or as the one with `overrides.email`, when it
 * exists), written directly by the server's test hook: verified unless `verified: false`. No page is
 * loaded; the next `goto` shows the user signed in. For every test that is not about signing up
 * (those use `signUp`): one request instead of a password hash, an e-mail and a verification.
 */
export async function signIn(
  page: Page,
  overrides: Partial<TestAccount> = {},
  { verified = true }: SignUpOptions = {},
): Promise<TestAccount> {
  const account = newAccount(overrides);
  // Any page gives this context a session and its CSRF token; the hook is refused without them.
  const html = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
  const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
  const response = await page.request.post('/api/test/sign-in', {
    data: { ...account, verified },
    headers: { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  if (response.status() !== 200) throw new Error(`test sign-in failed: ${response.status()} ${await response.text()}`);
  return account;
}

/**
 * A new account, registered through the API as the register page does, and signed in in `page`;
 * its address verified by the e-mailed link unless `verified: false`.
 */
export async function signUp(
  page: Page,
  overrides: Partial<TestAccount> = {},
  { verified = true }: SignUpOptions = {},
): Promise<TestAccount> {
  const account = newAccount(overrides);
  await page.goto('/');
  const csrfToken = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const response = await page.request.post('/register', {
    data: { ...account, password_confirmation: account.password },
    headers: { 'x-csrf-token': csrfToken ?? '', 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  if (response.status() !== 201) throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
  if (verified) await verifyAddress(page, account.email);
  return account;
}

/** Follows the verification link e-mailed to `email` (its token, posted as the link's page does). */
export async function verifyAddress(page: Page, email: string): Promise<void> {
  const link = new URL(await newestLinkTo(email, '/verify-email'), 'http://localhost');
  // Registration renewed the session: the CSRF token is the new one the answer gave the page's cookie.
  await page.goto('/');
  const csrfToken = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const response = await page.request.post('/api/account/email/verify', {
    data: { token: link.searchParams.get('token') },
    headers: { 'x-csrf-token': csrfToken ?? '', 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' },
  });
  if (response.status() !== 200) throw new Error(`verification failed: ${response.status()} ${await response.text()}`);
}

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

/**
 * A new account, registered through the API as the register page does, and signed in in `page`;
 * its address verified by the e-mailed link unless `verified: false`.
 */
export async function signUp(
  page: Page,
  overrides: Partial<TestAccount> = {},
  { verified = true }: SignUpOptions = {},
): Promise<TestAccount> {
  counter += 1;
  const account: TestAccount = {
    email: `e2e.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`,
    password: 'a long pass phrase',
    first_name: 'Noura',
    last_name: 'Khalil',
    account_type: 'individual',
    ...overrides,
  };
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

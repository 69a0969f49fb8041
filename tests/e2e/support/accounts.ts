import type { Page } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  account_type: 'individual' | 'company';
  company_name?: string;
}

let counter = 0;

/** A new account, registered through the API as the register page does, and signed in in `page`. */
export async function signUp(page: Page, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
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
  return account;
}

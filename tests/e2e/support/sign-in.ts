import { expect, type Page } from '@playwright/test';

/** The demo account seeded at start-up (README). */
export const demoUser = { email: 'layla@example.com', password: 'demo-password-1', name: 'Layla Haddad' };

/** Logs in through the login page, as a person would. */
export async function logIn(page: Page, account: { email: string; password: string } = demoUser): Promise<void> {
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Waits for the test hooks of the browser tests' build. */
export async function e2eHooks(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.marketplaceE2E !== undefined)).toBe(true);
}

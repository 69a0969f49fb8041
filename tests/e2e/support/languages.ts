import type { BrowserContext, Page } from '@playwright/test';

/** A visitor who chose `locale` before (the cookie the language switch leaves). */
export async function chooseLanguage(context: BrowserContext, baseURL: string | undefined, locale: 'en' | 'ar') {
  await context.addCookies([{ name: 'locale', value: locale, url: baseURL ?? 'http://127.0.0.1:4173' }]);
}

/** The language switch in the header (on a wide screen): it names the other language in itself. */
export const languageSwitch = (page: Page, language: 'English' | 'العربية') =>
  page.getByRole('banner').getByRole('button', { name: language, exact: true });

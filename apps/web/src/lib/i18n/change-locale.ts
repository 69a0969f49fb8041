import type { LocaleRequest } from '@marketplace/contracts';
import { LOCALE_DIRECTIONS, LOCALE_PATH, type Locale } from '@marketplace/contracts/i18n';
import { http } from '../http';
import { applyDirectionStyles } from './direction-styles';
import { activateLocale, i18n } from './i18n-store';
import { loadCatalogue } from './load-catalogue';

let pending: { locale: Locale; done: Promise<void> } | undefined;

/** Sets `<html lang dir>`: what screen readers, the browser's text direction and our CSS follow. */
export function markDocument(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = LOCALE_DIRECTIONS[locale];
}

/**
 * Switches the page to `locale` in place: no reload, so what is typed in a form stays. The server
 * remembers the choice first (cookie, and the account when signed in: `remember`), so the answers
 * fetched again afterwards come in the new language; meanwhile the catalogue and the direction's
 * stylesheet load. Rejects, leaving the page as it was, when any of them fails.
 */
export function changeLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  if (pending?.locale === locale) return pending.done;
  if (!pending && i18n().locale === locale) return Promise.resolve();
  const body: LocaleRequest = { locale };
  const done = Promise.all([
    remember ? http.put(LOCALE_PATH, body) : undefined,
    loadCatalogue(locale),
    applyDirectionStyles(LOCALE_DIRECTIONS[locale]),
  ])
    .then(([, catalogue]) => {
      markDocument(locale);
      activateLocale(locale, catalogue);
    })
    .finally(() => {
      if (pending?.done === done) pending = undefined;
    });
  pending = { locale, done };
  return done;
}

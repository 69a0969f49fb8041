/** The languages the app speaks. A new one is added here, with its catalogue in messages/ (README). */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export type Direction = 'ltr' | 'rtl';

export const DEFAULT_LOCALE: Locale = 'en';

/** PUT: the visitor's choice of language, remembered in a cookie and, when signed in, on the account. */
export const LOCALE_PATH = '/api/locale';

/** Remembers a visitor's choice; a signed-in user's is also kept on the account. */
export const LOCALE_COOKIE = 'locale';

/** Each language named in itself, as the language switch shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ar: 'العربية' };

export const LOCALE_DIRECTIONS: Readonly<Record<Locale, Direction>> = { en: 'ltr', ar: 'rtl' };

/** What Intl formats numbers, dates and plurals with: each language as written in the UAE. */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-AE', ar: 'ar-AE' };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The best of our languages for an Accept-Language header (RFC 9110: the highest q wins, ties
 * in the order written; `ar-AE` counts as `ar`), or the default when none of them is asked for.
 */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const language = range.trim().toLowerCase().split('-')[0];
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!isLocale(language) || !(quality > 0)) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

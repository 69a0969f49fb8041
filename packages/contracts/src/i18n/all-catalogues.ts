import { compileCatalogue } from './compile-catalogue';
import type { Locale } from './locales';
import type { MessageKey } from './message';
import { createTranslator, type Translator } from './translator';
import ar from './messages/ar.json';
import en from './messages/en.json';

/**
 * Every language's catalogue, as written: for the server and the tests. The browser never imports
 * this: it loads one language's precompiled catalogue (apps/web/src/lib/i18n).
 * Typed against the English keys, so a language that lacks one does not compile.
 */
export const sourceCatalogues: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, ar };

export const translators: Readonly<Record<Locale, Translator>> = {
  en: createTranslator('en', compileCatalogue(en)),
  ar: createTranslator('ar', compileCatalogue(ar)),
};

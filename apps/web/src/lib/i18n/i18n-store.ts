import {
  createTranslator,
  decodeMessage,
  LOCALE_DIRECTIONS,
  type Message,
  type CompiledCatalogue,
  type Direction,
  type Locale,
  type Translator,
} from '@marketplace/contracts/i18n';
import { useSyncExternalStore } from 'react';

export interface I18n extends Translator {
  dir: Direction;
}

let current: I18n | undefined;
let currentCatalogue: CompiledCatalogue = {};
/** Messages that arrived before any language was active (a page area's, while the app starts). */
const early: Partial<Record<Locale, CompiledCatalogue>> = {};
const listeners = new Set<() => void>();

/** Told of a message this language does not have loaded (load-catalogue.ts loads the server's words then). */
let onMissing: ((locale: Locale) => void) | undefined;
export function whenMessageMissing(handler: (locale: Locale) => void): void {
  onMissing = handler;
}

/** Makes `locale` the page's language: every component using useI18n renders again in it. */
export function activateLocale(locale: Locale, catalogue: CompiledCatalogue): void {
  const arrivedEarly = early[locale];
  const loaded = arrivedEarly ? { ...catalogue, ...arrivedEarly } : catalogue;
  currentCatalogue = loaded;
  const translator = createTranslator(locale, loaded);
  // A message the server worded can name a key of a part not loaded yet (build/page-messages.ts):
  // it shows once that part arrives, when every component using useI18n renders again.
  const check = (message: Message) => {
    if (!(message.key in loaded)) onMissing?.(locale);
    for (const value of Object.values(message.values ?? {})) if (typeof value === 'object') check(value);
  };
  current = {
    locale,
    t: (key, values) => {
      check(values ? { key, values } : { key });
      return translator.t(key, values);
    },
    text: (message) => {
      const decoded = typeof message === 'string' ? decodeMessage(message) : message;
      if (decoded) check(decoded);
      return translator.text(message);
    },
    dir: LOCALE_DIRECTIONS[locale],
  };
  listeners.forEach((listener) => listener());
}

/**
 * More of the active language's messages (a page area's, load-catalogue.ts); nothing when the page
 * has switched to another language meanwhile, or when they are there already.
 */
export function addMessages(locale: Locale, messages: CompiledCatalogue): void {
  if (!current) {
    // The first page's code can arrive before the app has activated its language (main.tsx).
    early[locale] = { ...early[locale], ...messages };
    return;
  }
  if (current.locale !== locale) return;
  if (Object.keys(messages).every((key) => key in currentCatalogue)) return;
  activateLocale(locale, { ...currentCatalogue, ...messages });
}

/** The active language, or undefined while the app is starting. */
export const activeLocale = (): Locale | undefined => current?.locale;

/** The page's language; the app renders only once one is active (main.tsx). */
export function i18n(): I18n {
  if (!current) throw new Error('No language is active yet: main.tsx activates one before rendering.');
  return current;
}

/** For code outside components (toasts from a callback); components use useI18n, which re-renders them. */
export const t: Translator['t'] = (key, values) => i18n().t(key, values);

export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language's translator and direction; a new one (a new identity) after every switch. */
export function useI18n(): I18n {
  return useSyncExternalStore(onLocaleChange, i18n);
}

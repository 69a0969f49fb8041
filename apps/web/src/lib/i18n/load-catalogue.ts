import { DEFAULT_LOCALE, isLocale, type CompiledCatalogue, type Locale } from '@marketplace/contracts/i18n';
import { loadChunk } from '../chunks/load-chunk';
import { activeLocale, addMessages } from './i18n-store';

/** One chunk per language, so a page downloads only its own language's messages. */
const catalogues: Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }> = {
  en: { chunk: 'messages-en', load: () => import('./messages-en') },
  ar: { chunk: 'messages-ar', load: () => import('./messages-ar') },
};

/** The strings only the signed-in page areas name (build/page-messages.ts): one more chunk per language. */
const pageAreaCatalogues: Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }> = {
  en: { chunk: 'messages-en-page-areas', load: () => import('./messages-en-page-areas') },
  ar: { chunk: 'messages-ar-page-areas', load: () => import('./messages-ar-page-areas') },
};

/** The strings only the help centre's public pages name (build/page-messages.ts): one chunk per language. */
const helpCatalogues: Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }> = {
  en: { chunk: 'messages-en-help', load: () => import('./messages-en-help') },
  ar: { chunk: 'messages-ar-help', load: () => import('./messages-ar-help') },
};

/** Whether this page has needed the page areas' strings: a language switch then loads them too. */
let pageAreasWanted = false;
/** The same for the help centre's strings. */
let helpWanted = false;

/**
 * The language's catalogue: the shell's and public pages' strings, and the page areas' too once a
 * page area was opened (so switching language on one keeps every string).
 */
export async function loadCatalogue(locale: Locale): Promise<CompiledCatalogue> {
  const { chunk, load } = catalogues[locale];
  const parts = [
    loadChunk(chunk, load),
    ...(pageAreasWanted ? [loadChunk(pageAreaCatalogues[locale].chunk, pageAreaCatalogues[locale].load)] : []),
    ...(helpWanted ? [loadChunk(helpCatalogues[locale].chunk, helpCatalogues[locale].load)] : []),
  ];
  const loaded = await Promise.all(parts);
  return Object.assign({}, ...loaded.map((part) => part.default)) as CompiledCatalogue;
}

/**
 * Before a page area that is not a public page shows: its strings, in the page's language. Resolves
 * at once when they are there; loads them alongside the page's own code otherwise.
 */
export async function loadPageAreaMessages(): Promise<void> {
  pageAreasWanted = true;
  await addPart(pageAreaCatalogues);
}

/** Before a help centre page shows (/help, /safety, /support…): its strings, as loadPageAreaMessages. */
export async function loadHelpMessages(): Promise<void> {
  helpWanted = true;
  await addPart(helpCatalogues);
}

async function addPart(
  part: Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }>,
): Promise<void> {
  // The first page's route loads before main.tsx has activated the language: the server's <html lang> names it.
  const locale =
    activeLocale() ?? (isLocale(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LOCALE);
  const { chunk, load } = part[locale];
  const { default: messages } = await loadChunk(chunk, load);
  addMessages(locale, messages);
}

/**
 * A widget that a public page loads on demand (the order form, the report form…), with the strings
 * only it names: build/page-messages.ts leaves them out of the public pages' catalogue when the
 * widget's code is loaded through this call, and this call loads them beside the code. Write it as
 * `withPageAreaMessages(import('./widget'))`, the import inside the call, which is what the build looks for.
 */
export async function withPageAreaMessages<T>(code: Promise<T>): Promise<T> {
  const [module] = await Promise.all([code, loadPageAreaMessages()]);
  return module;
}

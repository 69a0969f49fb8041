import { DEFAULT_LOCALE, isLocale, type CompiledCatalogue, type Locale } from '@marketplace/contracts/i18n';
import pageLoaders from 'virtual:marketplace-messages/page-loaders';
import { chunkAddress } from '../chunks/chunk-addresses';
import { loadChunk } from '../chunks/load-chunk';
import { activeLocale, addMessages, whenMessageMissing } from './i18n-store';

type Part = Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }>;

/** The shell's strings (build/page-messages.ts): one chunk per language, what every page loads first. */
const catalogues: Part = {
  en: { chunk: 'messages-en', load: () => import('./messages-en') },
  ar: { chunk: 'messages-ar', load: () => import('./messages-ar') },
};

/** The strings only the on-demand widgets name (withPageAreaMessages below): one more chunk per language. */
const pageAreaCatalogues: Part = {
  en: { chunk: 'messages-en-page-areas', load: () => import('./messages-en-page-areas') },
  ar: { chunk: 'messages-ar-page-areas', load: () => import('./messages-ar-page-areas') },
};

/** The strings only the server or the contracts name: the server's words (an error, a rule's message). */
const serverCatalogues: Part = {
  en: { chunk: 'messages-en-server', load: () => import('./messages-en-server') },
  ar: { chunk: 'messages-ar-server', load: () => import('./messages-ar-server') },
};

/**
 * One page's strings beyond the shell's, by its chunk's name (app/pages.ts): `messages-<locale>-<chunk>`.
 * A build's are found by name in the chunk table, so the code every page loads lists none of them;
 * the dev server's and the component tests' through `virtual:marketplace-messages/page-loaders`.
 */
function pagePart(chunk: string): Part | undefined {
  const loaderOf = (locale: Locale) => {
    const name = `messages-${locale}-${chunk}`;
    const address = chunkAddress(name);
    const load = address
      ? () => import(/* @vite-ignore */ address) as Promise<{ default: CompiledCatalogue }>
      : pageLoaders[locale][chunk];
    return load && { chunk: name, load };
  };
  const en = loaderOf('en');
  const ar = loaderOf('ar');
  return en && ar ? { en, ar } : undefined;
}

/** The parts this page has needed beyond the shell's: a language switch loads them again in the new one. */
const wanted = new Set<Part>();

/** The language's catalogue: the shell's strings, and every part this page has needed since. */
export async function loadCatalogue(locale: Locale): Promise<CompiledCatalogue> {
  const loaded = await Promise.all(
    [catalogues, ...wanted].map((part) => loadChunk(part[locale].chunk, part[locale].load)),
  );
  return Object.assign({}, ...loaded.map((part) => part.default)) as CompiledCatalogue;
}

/**
 * Before a page shows: its strings (those beyond the shell's), in the page's language. Resolves at
 * once when they are there; loads them alongside the page's own code otherwise.
 */
export async function loadPageMessages(chunk: string): Promise<void> {
  const part = pagePart(chunk);
  if (part) await addPart(part);
}

/** Before an on-demand widget or the back-office shows: the widgets' strings. */
export async function loadPageAreaMessages(): Promise<void> {
  await addPart(pageAreaCatalogues);
}

/**
 * The server's words: before the page shows an answer that may carry them (lib/http.ts), or at once
 * when a message is missing (i18n-store.ts: the page renders again when they arrive).
 */
export async function loadServerMessages(): Promise<void> {
  await addPart(serverCatalogues);
}

let serverWordsAsked = false;
whenMessageMissing(() => {
  if (serverWordsAsked) return;
  serverWordsAsked = true;
  loadServerMessages().catch(() => {
    serverWordsAsked = false;
  });
});

async function addPart(part: Part): Promise<void> {
  wanted.add(part);
  // The first page's route loads before main.tsx has activated the language: the server's <html lang> names it.
  const locale =
    activeLocale() ?? (isLocale(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LOCALE);
  const { chunk, load } = part[locale];
  const { default: messages } = await loadChunk(chunk, load);
  addMessages(locale, messages);
}

/**
 * A widget that a public page loads on demand (the order form, the report form…), with the strings
 * only it names: build/page-messages.ts leaves them out of the pages' parts when the widget's code is
 * loaded through this call, and this call loads them beside the code. Write it as
 * `withPageAreaMessages(import('./widget'))`, the import inside the call, which is what the build looks for.
 */
export async function withPageAreaMessages<T>(code: Promise<T>): Promise<T> {
  const [module] = await Promise.all([code, loadPageAreaMessages()]);
  return module;
}

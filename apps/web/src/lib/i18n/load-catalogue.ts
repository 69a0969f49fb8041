import type { CompiledCatalogue, Locale } from '@marketplace/contracts/i18n';
import { loadChunk } from '../chunks/load-chunk';

/** One chunk per language, so a page downloads only its own language's messages. */
const catalogues: Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }> = {
  en: { chunk: 'messages-en', load: () => import('./messages-en') },
  ar: { chunk: 'messages-ar', load: () => import('./messages-ar') },
};

export async function loadCatalogue(locale: Locale): Promise<CompiledCatalogue> {
  const { chunk, load } = catalogues[locale];
  return (await loadChunk(chunk, load)).default;
}

import { isLocale, type CompiledCatalogue, type Locale } from '@marketplace/contracts/i18n';
import { loadChunk } from '../../lib/chunks/load-chunk';
import { activeLocale, addMessages, onLocaleChange } from '../../lib/i18n/i18n-store';

/**
 * The back-office's strings (`admin.` keys and what else its code names beyond the shell's), one
 * chunk per language that only staff download.
 */
const catalogues: Record<Locale, { chunk: string; load: () => Promise<{ default: CompiledCatalogue }> }> = {
  en: { chunk: 'staff-messages-en', load: () => import('./staff-messages-en') },
  ar: { chunk: 'staff-messages-ar', load: () => import('./staff-messages-ar') },
};

async function load(locale: Locale): Promise<void> {
  const { chunk, load: importer } = catalogues[locale];
  addMessages(locale, (await loadChunk(chunk, importer)).default);
}

let following = false;

/**
 * Before the back-office shows: its strings, in the page's language; and again in the other
 * language whenever the page switches.
 */
export async function loadStaffMessages(): Promise<void> {
  const locale = activeLocale() ?? (isLocale(document.documentElement.lang) ? document.documentElement.lang : 'en');
  if (!following) {
    following = true;
    onLocaleChange(() => {
      const next = activeLocale();
      if (next) void load(next);
    });
  }
  await load(locale);
}

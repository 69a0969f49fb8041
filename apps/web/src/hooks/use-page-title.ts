import { useEffect } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';

/**
 * Names the tab after the thing the page shows (a listing's title, a category, a seller). The
 * layout's title effect runs after this one on a change of language, so this one waits a tick.
 */
export function usePageTitle(name: string | undefined): void {
  const { t } = useI18n();
  useEffect(() => {
    if (!name) return;
    const timer = setTimeout(() => {
      document.title = t('title.page', { page: name });
    }, 0);
    return () => clearTimeout(timer);
  }, [name, t]);
}

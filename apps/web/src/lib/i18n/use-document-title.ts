import { pageTitleKey } from '@marketplace/contracts/pages';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from './i18n-store';

/** The tab's title follows the page and the language (the server wrote the first one). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t } = useI18n();
  useEffect(() => {
    document.title = t(pageTitleKey(pathname));
  }, [pathname, t]);
}

import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useI18n } from '../lib/i18n/i18n-store';
import { useDocumentTitle } from '../lib/i18n/use-document-title';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { VerifyEmailBanner } from './verify-email-banner';

export function RootLayout() {
  const loading = useNavigation().state === 'loading';
  const { t } = useI18n();
  useDocumentTitle();
  return (
    <>
      <a className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-body" href="#main">
        {t('shell.skipToContent')}
      </a>
      {loading && <div className="route-progress" aria-hidden="true" />}
      <SiteHeader />
      <VerifyEmailBanner />
      <main id="main" className="container flex-grow-1 py-4" aria-busy={loading || undefined}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* A new page opens at its top; Back and Forward return to where the reader was. */}
      <ScrollRestoration />
    </>
  );
}

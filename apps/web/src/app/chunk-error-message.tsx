import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ChunkLoadError } from '../lib/chunks/chunk-load-error';
import { mayReloadFor, reloadFor } from '../lib/chunks/reload-once';
import { pageNavigation } from '../lib/page-navigation';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { PageLoading } from './page-loading';

/**
 * A page area that did not arrive. A missing chunk first reloads the page once, to pick up the
 * build that replaced it. Retry reloads too: browsers remember a failed module for the life of the
 * page, so only a fresh page can fetch it again.
 */
export function ChunkErrorMessage({ error }: { error: ChunkLoadError }) {
  const { t } = useI18n();
  // Decided once: the reload records the address at once, and a re-render before the browser leaves
  // the page must keep showing "loading" rather than flash the error on the page being replaced.
  const [reloading] = useState(() => error.failure === 'missing' && mayReloadFor(error.address));
  useEffect(() => {
    if (reloading) reloadFor(error.address);
  }, [reloading, error.address]);
  if (reloading) return <PageLoading />;
  return (
    <div className="text-center py-5" role="alert">
      <h1 className="h3">{t('chunk.title')}</h1>
      <p className="text-body-secondary">{t('chunk.advice', { failure: error.failure })}</p>
      <p className="chunk-error-message small font-monospace text-break">
        {t('chunk.failed', { chunk: error.chunk, failure: error.failure, address: error.address })}
      </p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => pageNavigation.reload()}>
          {t('chunk.retry')}
        </button>
        <Link to={paths.home} className="btn btn-outline-primary">
          {t('nav.home')}
        </Link>
      </div>
    </div>
  );
}

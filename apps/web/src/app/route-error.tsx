import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/chunks/chunk-load-error';
import { pageNavigation } from '../lib/page-navigation';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { ChunkErrorMessage } from './chunk-error-message';

/** Shown in place of a route that crashed: the header, the footer and the other pages keep working. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (error instanceof ChunkLoadError) return <ChunkErrorMessage error={error} />;
  return (
    <div className="text-center py-5" role="alert">
      <h1 className="h3">{t('routeError.title')}</h1>
      <p className="text-body-secondary">{t('routeError.text')}</p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-outline-primary" onClick={() => pageNavigation.reload()}>
          {t('routeError.tryAgain')}
        </button>
        <Link to={paths.home} className="btn btn-primary">
          {t('nav.home')}
        </Link>
      </div>
    </div>
  );
}

import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ChunkLoadError } from '../lib/chunks/chunk-load-error';
import { mayReloadFor, reloadFor } from '../lib/chunks/reload-once';
import { pageNavigation } from '../lib/page-navigation';
import { paths } from '../lib/paths';
import { PageLoading } from './page-loading';

const advice = {
  missing: 'The site has been updated since this page was opened.',
  timeout: 'The connection is too slow or was interrupted.',
  error: 'Check your internet connection.',
} as const;

/**
 * A page area that did not arrive. A missing chunk first reloads the page once, to pick up the
 * build that replaced it. Retry reloads too: browsers remember a failed module for the life of the
 * page, so only a fresh page can fetch it again.
 */
export function ChunkErrorMessage({ error }: { error: ChunkLoadError }) {
  const reloading = error.failure === 'missing' && mayReloadFor(error.address);
  useEffect(() => {
    if (reloading) reloadFor(error.address);
  }, [reloading, error.address]);
  if (reloading) return <PageLoading />;
  return (
    <div className="text-center py-5" role="alert">
      <h1 className="h3">This part of the site could not be loaded</h1>
      <p className="text-body-secondary">{advice[error.failure]} Try again in a moment.</p>
      <p className="chunk-error-message small font-monospace text-break">{error.message}</p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => pageNavigation.reload()}>
          Retry
        </button>
        <Link to={paths.home} className="btn btn-outline-primary">
          Home
        </Link>
      </div>
    </div>
  );
}

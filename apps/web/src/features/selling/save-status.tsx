import { useI18n } from '../../lib/i18n/i18n-store';
import type { SaveState } from './use-listing-save';

/** Beside a draft's step heading: saving, saved, or not saved with Retry. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="small text-body-secondary" role="status">
      {state === 'saving' && t('sell.saving')}
      {state === 'saved' && t('sell.saved')}
      {state === 'failed' && (
        <span className="text-danger">
          {t('sell.saveFailed')}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onRetry}>
            {t('sell.retry')}
          </button>
        </span>
      )}
    </div>
  );
}

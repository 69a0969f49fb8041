import { savedSearchAlerts, type SavedSearch } from '@marketplace/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { ALERT_LABELS } from './alert-labels';
import { markSeen, useChangeAlerts, useDeleteSavedSearch, useSavedSearches } from './api/saved-searches';
import { LoadFailed, Loading } from '../../components/list-states';

/** /account/saved-searches (favorite-products): the user's searches, their new matches, their alerts. */
export function SavedSearchesPage() {
  const { t } = useI18n();
  const list = useSavedSearches();
  return (
    <div className="saved-searches-page mx-auto" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-3">{t('savedSearches.title')}</h1>
      {list.isError ? (
        <LoadFailed message={t('savedSearches.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <div className="text-center py-5">
          <p className="mb-1">{t('savedSearches.noneYet')}</p>
          <p className="text-body-secondary">{t('savedSearches.emptyText')}</p>
          <Link to={paths.search}>{t('savedSearches.search')}</Link>
        </div>
      ) : (
        <ul className="list-group" aria-label={t('savedSearches.title')}>
          {list.data.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const { t } = useI18n();
  const id = useId();
  const change = useChangeAlerts();
  const remove = useDeleteSavedSearch();
  const to = search.query ? `${paths.search}?${search.query}` : paths.search;
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2" aria-labelledby={`${id}-name`}>
      <div className="flex-grow-1 min-w-0">
        <Link
          id={`${id}-name`}
          to={to}
          className="fw-semibold text-break"
          dir="auto"
          data-user-content=""
          onClick={() => void markSeen(search.id)}
        >
          {search.name}
        </Link>{' '}
        {search.new_matches > 0 && (
          <span className="badge text-bg-primary">
            {search.new_matches >= 100
              ? t('savedSearches.manyNew')
              : t('savedSearches.newMatches', { count: search.new_matches })}
          </span>
        )}
      </div>
      <label className="visually-hidden" htmlFor={`${id}-alerts`}>
        {t('savedSearches.alerts')}
      </label>
      <select
        id={`${id}-alerts`}
        className="form-select form-select-sm w-auto"
        value={search.alerts}
        onChange={(event) =>
          change.mutate({ search, alerts: savedSearchAlerts.find((choice) => choice === event.target.value) ?? 'off' })
        }
      >
        {savedSearchAlerts.map((choice) => (
          <option key={choice} value={choice}>
            {t(ALERT_LABELS[choice])}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-labelledby={`${id}-delete ${id}-name`}
        onClick={() => remove.mutate(search)}
      >
        <span id={`${id}-delete`}>{t('savedSearches.delete')}</span>
      </button>
    </li>
  );
}

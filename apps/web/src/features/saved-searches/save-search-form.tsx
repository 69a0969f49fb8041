import {
  SAVED_SEARCH_LIMITS,
  savedSearchAlerts,
  type SavedSearchAlerts,
} from '@marketplace/contracts/catalogue-essentials';
import { useId, useState, type SyntheticEvent } from 'react';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useSaveSearch } from './api/saved-searches';
import { ALERT_LABELS } from './alert-labels';

export interface SaveSearchFormProps {
  query: string;
  suggestedName: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** A name and the alerts, sent as they are: the server says what is wrong, under each field. */
export function SaveSearchForm({ query, suggestedName, onSaved, onCancel }: SaveSearchFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [name, setName] = useState(suggestedName.slice(0, SAVED_SEARCH_LIMITS.nameMax));
  const [alerts, setAlerts] = useState<SavedSearchAlerts>('instant');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveSearch();
  const nameError = errors.name?.[0];

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { name, query, alerts },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const refused = apiError(error);
          setErrors(refused?.body.errors ?? { name: [refused?.body.message ?? t('savedSearches.saveFailed')] });
        },
      },
    );
  };

  return (
    <form className="save-search-form card card-body mt-2" onSubmit={onSubmit} noValidate>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${id}-name`}>
          {t('savedSearches.name')}
        </label>
        <input
          id={`${id}-name`}
          className={`form-control${nameError ? ' is-invalid' : ''}`}
          value={name}
          maxLength={SAVED_SEARCH_LIMITS.nameMax}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
          dir="auto"
          required
        />
        {nameError && (
          <div id={`${id}-name-error`} className="invalid-feedback">
            {nameError}
          </div>
        )}
      </div>
      <fieldset className="mb-2">
        <legend className="form-label fs-6">{t('savedSearches.alerts')}</legend>
        {savedSearchAlerts.map((choice) => (
          <div key={choice} className="form-check">
            <input
              id={`${id}-${choice}`}
              className="form-check-input"
              type="radio"
              name={`${id}-alerts`}
              checked={alerts === choice}
              onChange={() => setAlerts(choice)}
            />
            <label className="form-check-label" htmlFor={`${id}-${choice}`}>
              {t(ALERT_LABELS[choice])}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('savedSearches.confirm')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('savedSearches.cancel')}
        </button>
      </div>
    </form>
  );
}

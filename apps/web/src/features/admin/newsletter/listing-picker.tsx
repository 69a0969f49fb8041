import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { UserText } from '../user-text';
import { useListingSearch } from './newsletter-api';

/**
 * The listings an issue shows as cards: found by title or id among active listings (the
 * back-office's search), added in order, removed one by one. The e-mail and the archive show those
 * still public when they are read.
 */
export function ListingPicker({
  value,
  onChange,
  max,
}: {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  max: number;
}) {
  const { t } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const found = useListingSearch(query);
  const full = value.length >= max;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('admin.newsletter.field.listings')}</legend>
      {value.length > 0 ? (
        <ol className="mb-2">
          {value.map((listing) => (
            <li key={listing}>
              #{listing}{' '}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                onClick={() => onChange(value.filter((other) => other !== listing))}
              >
                {t('admin.newsletter.removeListing', { id: listing })}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="small text-body-secondary mb-2">{t('admin.newsletter.noListings')}</p>
      )}
      <div className="input-group mb-2">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t('admin.newsletter.findListing')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="form-control"
          placeholder={t('admin.newsletter.findListing')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            setQuery(typed.trim());
          }}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => setQuery(typed.trim())}>
          {t('admin.newsletter.search')}
        </button>
      </div>
      {found.data && (
        <ul className="list-unstyled small" aria-label={t('admin.newsletter.found')}>
          {found.data.data.length === 0 && <li>{t('admin.newsletter.nothingFound')}</li>}
          {found.data.data.slice(0, 8).map((listing) => (
            <li key={listing.id} className="d-flex align-items-center gap-2 py-1">
              <span>
                #{listing.id} <UserText>{listing.title}</UserText>
              </span>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={full || value.includes(listing.id)}
                onClick={() => onChange([...value, listing.id])}
              >
                {t('admin.newsletter.addListing', { id: listing.id })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

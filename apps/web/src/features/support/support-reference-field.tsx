import { useReferences } from './support-api';
import { useI18n } from '../../lib/i18n/i18n-store';

/**
 * The form's choice of an order or listing of the signed-in user's: loaded for signed-in users only
 * (with its words, as a page area's), so a visitor's first visit to /support carries neither.
 */
export function ReferenceField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useI18n();
  const references = useReferences(true);
  if (!references.data) return null;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('support.field.reference')}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('support.referenceNone')}</option>
        {references.data.orders.map((order) => (
          // The listing's title is its seller's words, not the page's.
          <option key={`order:${order.id}`} value={`order:${order.id}`} data-user-content="">
            {t('support.referenceOrder', { id: order.id, title: order.title })}
          </option>
        ))}
        {references.data.listings.map((listing) => (
          <option key={`listing:${listing.id}`} value={`listing:${listing.id}`} data-user-content="">
            {t('support.referenceListing', { title: listing.title })}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

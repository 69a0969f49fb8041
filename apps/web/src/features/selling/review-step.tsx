import { listingFields, type CategoryAttribute, type ListingProblems } from '@marketplace/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { STEP_NAMES, stepOfField } from './wizard-steps';

/** What still stands between the listing and publishing, each with a link to the step that fixes it. */
export function ReviewStep({
  problems,
  attributes,
}: {
  problems: ListingProblems;
  attributes: readonly CategoryAttribute[];
}) {
  const { t, text } = useI18n();
  const entries = Object.entries(problems).filter((entry) => entry[1] !== undefined);
  const label = (field: string) => {
    if (field.startsWith('attributes.')) {
      return attributes.find((attribute) => `attributes.${attribute.key}` === field)?.label ?? field;
    }
    return field in listingFields ? t(listingFields[field as keyof typeof listingFields].label) : field;
  };
  if (entries.length === 0) return <p className="alert alert-success">{t('sell.ready')}</p>;
  return (
    <div className="alert alert-warning">
      <p className="fw-semibold">{t('sell.missing', { count: entries.length })}</p>
      <ul className="mb-0" aria-label={t('sell.missingList')}>
        {entries.map(([field, problem]) => {
          const step = stepOfField(field);
          return (
            <li key={field} data-field={field}>
              <strong>{label(field)}</strong>: {problem && text(problem)}{' '}
              <Link to={`?step=${step}`}>{t('sell.fixIn', { step: t(STEP_NAMES[step]) })}</Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

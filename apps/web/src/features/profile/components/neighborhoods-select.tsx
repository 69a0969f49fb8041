import type { Neighborhood } from '@marketplace/contracts';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { SelectField } from './select-field';

/** Each neighborhood once, in the order first seen. */
export function uniqueNeighborhoods(list: readonly Neighborhood[]): Neighborhood[] {
  const seen = new Set<number>();
  return list.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

export interface NeighborhoodsSelectProps {
  /** The chosen city's neighborhoods; empty until a city is chosen. */
  options: readonly Neighborhood[];
  value: readonly Neighborhood[];
  onChange: (value: Neighborhood[]) => void;
  onBlur?: () => void;
  /** When set, no more than this many can be chosen. */
  max?: number;
  error?: string | undefined;
  /** The field's label; "Neighborhoods" in the page's language when left out. */
  label?: string;
}

/** The multi select of specification §2 with its Select all and Clear buttons and vue-multiselect's texts. */
export function NeighborhoodsSelect({
  options,
  value,
  onChange,
  onBlur,
  max,
  error,
  label: givenLabel,
}: NeighborhoodsSelectProps) {
  const { t } = useI18n();
  const label = givenLabel ?? t('field.neighborhoods');
  // Chosen values keep the name they were saved with; the city's list names them in the page's language.
  const names = new Map(options.map((option) => [option.id, option.name]));
  const atMax = max !== undefined && value.length >= max;
  const selectAll = () => onChange(uniqueNeighborhoods([...value, ...options]).slice(0, max));
  const actions = (
    <div
      className="btn-group btn-group-sm mb-2"
      role="group"
      aria-label={t('profile.neighborhoodsShortcuts', { label })}
    >
      <button type="button" className="btn btn-outline-secondary" onClick={selectAll} disabled={options.length === 0}>
        {t('profile.selectAll')}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => onChange([])}
        disabled={value.length === 0}
      >
        {t('profile.clear')}
      </button>
    </div>
  );
  return (
    <SelectField<Neighborhood, true>
      label={label}
      isMulti
      error={error}
      actions={actions}
      options={atMax ? [] : options}
      value={value}
      onChange={(selected) => onChange(uniqueNeighborhoods(selected))}
      {...(onBlur && { onBlur })}
      getOptionValue={(option) => String(option.id)}
      getOptionLabel={(option) => names.get(option.id) ?? option.name}
      placeholder={t('profile.neighborhoodsPlaceholder')}
      closeMenuOnSelect={false}
      noOptionsMessage={({ inputValue }) => {
        if (atMax) return t('profile.neighborhoodsMax', { max });
        return t(inputValue && options.length > 0 ? 'profile.neighborhoodsNoMatch' : 'profile.neighborhoodsEmpty');
      }}
    />
  );
}

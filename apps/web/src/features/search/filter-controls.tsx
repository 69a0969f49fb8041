import {
  PRICE_PERIOD_NAMES,
  pricePeriods,
  type NumberRange,
  type PricePeriod,
} from '@marketplace/contracts/catalogue-essentials';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useCatalogueFormat } from '../../lib/format';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { SearchQuery } from './api/search';
import type { SearchPatch } from './search-state';

/* The filters' building blocks (search-filters.tsx): counts, sections, checkboxes, radios, ranges. */

export function Count({ value }: { value: number }) {
  const format = useCatalogueFormat();
  return <span className="search-count">{format.number(value)}</span>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="search-filter">
      <legend className="search-filter-title">{title}</legend>
      {children}
    </fieldset>
  );
}

export function Check({
  label,
  checked,
  count,
  onChange,
}: {
  label: string;
  checked: boolean;
  count?: number | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  // A value that would leave nothing cannot be chosen: no filter leads to an empty page unawares.
  const empty = count === 0 && !checked;
  return (
    <div className="form-check">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        checked={checked}
        disabled={empty}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label} {count !== undefined && <Count value={count} />}
      </label>
    </div>
  );
}

export function Choice({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: { value: string; label: string; count?: number }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      {options.map((option) => (
        <div key={option.value} className="form-check">
          <input
            id={`${id}-${option.value}`}
            className="form-check-input"
            type="radio"
            name={`${id}-${name}`}
            checked={value === option.value}
            disabled={option.count === 0 && value !== option.value}
            onChange={() => onChange(option.value)}
          />
          <label className="form-check-label" htmlFor={`${id}-${option.value}`}>
            {option.label} {option.count !== undefined && <Count value={option.count} />}
          </label>
        </div>
      ))}
    </>
  );
}

/**
 * The price bounds. In a rent category (`rent`) they are per the chosen period, a year unless a
 * month is chosen, and applying them chooses it: yearly and monthly rents are never compared (issue 32).
 */
export function PriceFilter({
  query,
  change,
  rent = false,
}: {
  query: SearchQuery;
  change: (patch: SearchPatch) => void;
  rent?: boolean;
}) {
  const { t } = useI18n();
  const period: PricePeriod | undefined = rent ? (query.period ?? 'year') : query.period;
  const per = { period: period ?? 'other' };
  return (
    <RangeFilter
      key={`${query.min_price ?? ''}-${query.max_price ?? ''}-${period ?? ''}`}
      title={t('search.pricePer', per)}
      bounds={{
        ...(query.min_price !== undefined && { min: query.min_price }),
        ...(query.max_price !== undefined && { max: query.max_price }),
      }}
      labels={[t('search.minPricePer', per), t('search.maxPricePer', per)]}
      onApply={(bounds) =>
        change({ min_price: bounds?.min, max_price: bounds?.max, ...(bounds && period && { period }) })
      }
    />
  );
}

/**
 * A rent category's period: only rents per year, or per month, each with how many it would find
 * (`counts`, the facets' `periods`). Another period takes the price bounds away, as a price per year
 * is not one per month.
 */
export function PeriodFilter({
  query,
  change,
  counts,
}: {
  query: SearchQuery;
  change: (patch: SearchPatch) => void;
  counts?: readonly { value: string; count: number }[] | undefined;
}) {
  const { t } = useI18n();
  const countOf = (value: PricePeriod) => counts?.find((entry) => entry.value === value)?.count ?? 0;
  return (
    <Section title={t('listing.field.pricePeriod')}>
      <Choice
        name="period"
        options={[
          { value: '', label: t('search.period.any') },
          ...pricePeriods.map((value) => ({
            value,
            label: t(PRICE_PERIOD_NAMES[value]),
            ...(counts && { count: countOf(value) }),
          })),
        ]}
        value={query.period ?? ''}
        onChange={(value) =>
          change({
            period: (value || undefined) as PricePeriod | undefined,
            min_price: undefined,
            max_price: undefined,
          })
        }
      />
    </Section>
  );
}

/** Two bounds, either may be left empty, applied together (a change per keystroke would be a search per digit). */
export function RangeFilter({
  title,
  bounds,
  labels,
  onApply,
}: {
  title: string;
  bounds: NumberRange | undefined;
  labels?: [string, string];
  onApply: (bounds: NumberRange | undefined) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [low, setLow] = useState(bounds?.min?.toString() ?? '');
  const [high, setHigh] = useState(bounds?.max?.toString() ?? '');
  const [lowLabel, highLabel] = labels ?? [t('search.min'), t('search.max')];
  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    let min = low.trim() === '' ? undefined : Math.max(0, Math.floor(Number(low)));
    let max = high.trim() === '' ? undefined : Math.max(0, Math.floor(Number(high)));
    if (min !== undefined && Number.isNaN(min)) min = undefined;
    if (max !== undefined && Number.isNaN(max)) max = undefined;
    // Bounds typed the wrong way round are what the person meant the other way round.
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    onApply(
      min === undefined && max === undefined
        ? undefined
        : { ...(min !== undefined && { min }), ...(max !== undefined && { max }) },
    );
  };
  return (
    <fieldset className="search-filter">
      <legend className="search-filter-title">{title}</legend>
      <form className="search-range" onSubmit={apply}>
        <label className="visually-hidden" htmlFor={`${id}-low`}>
          {lowLabel}
        </label>
        <input
          id={`${id}-low`}
          className="form-control form-control-sm"
          inputMode="numeric"
          placeholder={t('search.min')}
          value={low}
          onChange={(event) => setLow(event.target.value.replaceAll(/[^0-9]/g, ''))}
        />
        <span aria-hidden="true">–</span>
        <label className="visually-hidden" htmlFor={`${id}-high`}>
          {highLabel}
        </label>
        <input
          id={`${id}-high`}
          className="form-control form-control-sm"
          inputMode="numeric"
          placeholder={t('search.max')}
          value={high}
          onChange={(event) => setHigh(event.target.value.replaceAll(/[^0-9]/g, ''))}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary">
          {t('search.applyPrice')}
        </button>
      </form>
    </fieldset>
  );
}

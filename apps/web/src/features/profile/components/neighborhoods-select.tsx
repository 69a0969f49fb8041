import type { Neighborhood } from '@marketplace/contracts';
import { SelectField } from './select-field';

export const NEIGHBORHOODS_PLACEHOLDER = 'Type to search neighborhood after select city';
export const NO_MATCH_MESSAGE = 'No elements found. Consider changing the search query.';
export const EMPTY_LIST_MESSAGE = 'List is empty.';
export const maxReachedMessage = (max: number) =>
  `Maximum of ${max} options selected. First remove a selected option to select another.`;

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
  label?: string;
}

/** The multi select of SPEC §2 with its Select all and Clear buttons and vue-multiselect's texts. */
export function NeighborhoodsSelect({
  options,
  value,
  onChange,
  onBlur,
  max,
  error,
  label = 'Neighborhoods',
}: NeighborhoodsSelectProps) {
  const atMax = max !== undefined && value.length >= max;
  const selectAll = () => onChange(uniqueNeighborhoods([...value, ...options]).slice(0, max));
  const actions = (
    <div className="btn-group btn-group-sm mb-2" role="group" aria-label={`${label} shortcuts`}>
      <button type="button" className="btn btn-outline-secondary" onClick={selectAll} disabled={options.length === 0}>
        Select all
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => onChange([])}
        disabled={value.length === 0}
      >
        Clear
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
      getOptionLabel={(option) => option.name}
      placeholder={NEIGHBORHOODS_PLACEHOLDER}
      closeMenuOnSelect={false}
      noOptionsMessage={({ inputValue }) => {
        if (atMax) return maxReachedMessage(max);
        return inputValue && options.length > 0 ? NO_MATCH_MESSAGE : EMPTY_LIST_MESSAGE;
      }}
    />
  );
}

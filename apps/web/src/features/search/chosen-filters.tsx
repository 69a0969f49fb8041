import type { Category, SearchFacets } from '@marketplace/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { SearchQuery } from './api/search';
import { useSearchChips, type Chip } from './search-chips';
import type { SearchPatch } from './search-state';

/*
 * The chosen filters as chips, and what an empty result offers: both come with the first search
 * that has a filter or finds nothing (search-results.tsx loads them then), so a first visit to a
 * category's plain page does not download them.
 */

export interface ChosenFiltersProps {
  query: SearchQuery;
  category: Category | undefined;
  facets: SearchFacets | undefined;
  /** The page is its category's: the category is not a chip. */
  scoped: boolean;
  change: (patch: SearchPatch) => void;
}

function useChips({ query, category, facets, scoped }: ChosenFiltersProps) {
  const chips = useSearchChips(query, category, facets);
  return scoped ? chips.filter((chip) => chip.key !== 'category') : chips;
}

export function ChosenFilters(props: ChosenFiltersProps & { clearAll: string }) {
  const { t } = useI18n();
  const chips = useChips(props);
  if (chips.length === 0) return null;
  return (
    <ul className="search-chips" aria-label={t('search.activeFilters')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="search-chip"
            aria-label={t('search.removeFilter', { filter: chip.label })}
            onClick={() => props.change(chip.patch)}
          >
            <span dir="auto">{chip.label}</span> <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Link className="search-clear" to={props.clearAll}>
            {t('search.clearAll')}
          </Link>
        </li>
      )}
    </ul>
  );
}

/** Nothing found: name the one filter whose removal brings back the most listings, when the counts tell. */
export function NoResults(props: ChosenFiltersProps) {
  const { t } = useI18n();
  const chips = useChips(props);
  const best: Chip | undefined = props.facets
    ? chips.filter((chip) => (chip.without ?? 0) > 0).sort((a, b) => (b.without ?? 0) - (a.without ?? 0))[0]
    : undefined;
  return (
    <div role="status">
      <p className="fw-semibold">{t('search.noResults')}</p>
      {best ? (
        <button type="button" className="btn btn-outline-primary" onClick={() => props.change(best.patch)}>
          {t('search.tryRemoving', { filter: best.label, count: best.without ?? 0 })}
        </button>
      ) : (
        <p>{t('search.tryFewerWords')}</p>
      )}
    </div>
  );
}
